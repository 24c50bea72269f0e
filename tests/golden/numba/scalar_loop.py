def grad_primal(a, b, x0, n, grad_ys=None):
    _tape0 = []
    x = x0
    for i in range(n):
        _tape0.append(x)
        x = a * x * (1.0 - x) + b
    b_div = scalar_seed(grad_ys)
    b_s = b_div / n
    b_a = 0.0
    b_b = 0.0
    b_x = 0.0
    loop_invariant = 2.0 * b_s
    for i in range(n - 1, 0 - 1, -1):
        b_x = b_x + loop_invariant * x
        x_before = _tape0.pop()
        b_b = b_b + b_x
        x = x_before
        b_mul = b_x * (1.0 - x_before)
        b_a = b_a + b_mul * x_before
        b_x = a * b_mul - a * x_before * b_x
    return (finish(b_a, a), finish(b_b, b), finish(b_x, x0))
