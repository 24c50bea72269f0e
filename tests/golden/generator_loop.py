def grad_generator_loop(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    cmp = None
    k = 1.0
    n = len(x)
    for k1 in range(n):
        _stack.append(cmp)
        cmp = x[k1] > 0.5
        if cmp:
            _stack.append(k)
            k = k * 1.5
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 938: return tot + k
    b_tot = b_add
    # adjoint of line 935: for v in (t * k for t in x if t > 0.5):
    b_x = np.zeros_like(x)
    for k1 in reversed(range(n)):
        # adjoint of line 935: for v in (t * k for t in x if t > 0.5):
        if cmp:
            # adjoint of line 937: tot = tot + v
            k_before = _stack.pop()
            # adjoint of line 935: for v in (t * k for t in x if t > 0.5):
            b_t1 = b_tot * k_before
        else:
            b_t1 = 0.0
        cmp_before = _stack.pop()
        cmp = cmp_before
        # adjoint of line 935: for v in (t * k for t in x if t > 0.5):
        b_x[k1] += b_t1
    return finish(b_x, x)
