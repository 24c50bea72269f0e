def grad_ping_pong_heat(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    add1 = None
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(3):
        u_i = u[1:-1]
        add = u[2:] - 2.0 * u_i + u[:-2]
        _stack.append(add1)
        add1 = u_i + 0.1 * add
        _stack.append(np.copy(w[1:-1]))
        w[1:-1] = add1
        _stack.append(np.copy(w[0]))
        w[0] = u[0]
        _stack.append(np.copy(w[-1]))
        w[-1] = u[-1]
        u1 = u
        _stack.append(u)
        u = w
        _stack.append(w)
        w = u1
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 674: return np.sum(u ** 2)
    b_u = mul_into(u, b_sum1 * 2.0)
    del u
    # adjoint of line 669: for t in range(3):
    b_w = np.zeros_like(w)
    del w
    for t in reversed(range(3)):
        b_u1 = b_w
        del b_w
        w_before = _stack.pop()
        u_before = _stack.pop()
        b_w = b_u
        del b_u
        # adjoint of line 672: w[-1] = u[-1]
        u_i51 = u_before[-1]
        b_u_i5 = unbroadcast(np.copy(b_w[-1]), u_i51)
        b_w[-1] = 0.0
        w_before[-1] = _stack.pop()
        b_u = index_add(b_u1, u_before, -1, b_u_i5)
        del b_u1
        # adjoint of line 671: w[0] = u[0]
        u_i41 = u_before[0]
        b_u_i4 = unbroadcast(np.copy(b_w[0]), u_i41)
        b_w[0] = 0.0
        w_before[0] = _stack.pop()
        b_u[0] += b_u_i4
        # adjoint of line 670: w[1:-1] = u[1:-1] + 0.1 * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        b_add1 = unbroadcast(np.copy(b_w[1:-1]), add1)
        del add1
        b_w[1:-1] = 0.0
        w_before[1:-1] = _stack.pop()
        add1_before = _stack.pop()
        add1 = add1_before
        b_add = 0.1 * b_add1
        b_u[:-2] += b_add
        b_u_i2 = -2.0 * b_add
        b_u[2:] += b_add
        del b_add
        b_u[1:-1] += add_into(b_u_i2, b_add1)
        del b_add1, b_u_i2
    return finish(b_u, x)
