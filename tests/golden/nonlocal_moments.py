def grad_nonlocal_moments(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    update_d = None
    m = x[0]
    x_i1 = x[1:]
    n = len(x_i1)
    for k in range(n):
        v = x_i1[k]
        _stack.append(update_d)
        update_d = v - m
        _stack.append(m)
        m = m + 0.5 * update_d
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 513: return m + s
    b_m = b_add
    b_s = b_add
    # adjoint of line 511: for v in x[1:]:
    b_x_i1 = np.zeros_like(x_i1)
    for k in reversed(range(n)):
        # adjoint of line 510: s = s + d * (v - m)
        b_update_d = b_s * (x_i1[k] - m)
        b_sub = update_d * b_s
        b_m = b_m - b_sub
        # adjoint of line 509: m = m + 0.5 * d
        m_before = _stack.pop()
        m = m_before
        b_update_d = b_update_d + 0.5 * b_m
        # adjoint of line 508: d = v - m
        update_d_before = _stack.pop()
        b_v = b_sub + b_update_d
        b_m = b_m - b_update_d
        update_d = update_d_before
        # adjoint of line 511: for v in x[1:]:
        b_x_i1[k] += b_v
    del x_i1
    # adjoint of line 511: for v in x[1:]:
    b_x = index_add(None, x, slice(1, None, None), b_x_i1)
    del b_x_i1
    # adjoint of line 504: m, s = x[0], 0.0
    b_x[0] += b_m
    return finish(b_x, x)
