def grad_primal(a, b, x0, n, grad_ys=None):
    x = x0
    _n0 = len(range(n))
    _k0 = 0
    for i in range(n):
        _k0 += 1
        if _k0 == 1:
            _tape0 = tape_alloc(_n0, x)
        tape_put(_tape0, _k0 - 1, x)
        x = int_mul(a, x) * (1.0 - x) + b
    b_div = scalar_seed(grad_ys)
    b_s = b_div / n
    b_a = 0.0
    b_b = 0.0
    b_x = 0.0
    loop_invariant = 2.0 * b_s
    for i in range(int_sub(n, 1), 0 - 1, -1):
        _k0 -= 1
        b_x = b_x + loop_invariant * x
        x_before = tape_get(_tape0, _k0)
        b_b = b_b + b_x
        x = x_before
        b_mul = b_x * (1.0 - x_before)
        b_a = b_a + b_mul * x_before
        b_x = a * b_mul - int_mul(a, x_before) * b_x
    return (finish(b_a, a), finish(b_b, b), finish(b_x, x0, False, (grad_ys,)))
