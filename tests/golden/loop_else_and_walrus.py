def grad_loop_else_and_walrus(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    _skip = None
    cmp = None
    x_i2 = None
    s = 0.0
    _brk = False
    _trips = 0
    for i in range(3):
        _trips = _trips + 1
        _stack.append(_skip)
        _skip = False
        _stack.append(cmp)
        cmp = x[i] > 0.5
        if cmp:
            s = s + x[i]
            _stack.append(_brk)
            _brk = True
            _stack.append(_skip)
            _skip = True
        if not _skip:
            _stack.append(x_i2)
            x_i2 = x[i]
            sin = np.sin(x_i2)
            s = s + sin
        _stack.append(i)
        if _brk:
            break
    if not _brk:
        s = s * 10.0
    k = 0
    d = s * 0.5
    cond = d > 0.04
    if cond:
        cond = k < 4
    _cond = cond
    _trips1 = 0
    while _cond:
        _trips1 = _trips1 + 1
        s = d + x[3] * 0.01
        k = k + 1
        d = s * 0.5
        cond1 = d > 0.04
        _took1 = cond1
        if cond1:
            cond1 = k < 4
        _stack.append(_took1)
        _cond = cond1
    # seed: the gradient of the sum of the outputs
    b_s = scalar_seed(grad_ys)
    # adjoint of line 300: while (d := s * 0.5) > 0.04 and k < 4:
    b_d = 0.0
    b_x = np.zeros_like(x)
    for _ in range(_trips1):
        _took1 = _stack.pop()
        # adjoint of line 300: while (d := s * 0.5) > 0.04 and k < 4:
        b_s = b_s + b_d * 0.5
        # adjoint of line 301: s = d + x[3] * 0.01
        b_d = b_s
        b_mul = b_s
        b_s = 0.0
        b_x[3] += b_mul * 0.01
    # adjoint of line 300: while (d := s * 0.5) > 0.04 and k < 4:
    b_s = b_s + b_d * 0.5
    # adjoint of line 298: s = s * 10.0
    if not _brk:
        # adjoint of line 298: s = s * 10.0
        b_s = b_s * 10.0
    # adjoint of line 292: for i in range(3):
    for _ in range(_trips):
        i = _stack.pop()
        # adjoint of line 296: s = s + np.sin(x[i])
        if not _skip:
            # adjoint of line 296: s = s + np.sin(x[i])
            b_x_i2 = b_s * np.cos(x_i2)
            x_i2_before = _stack.pop()
            b_x[i] += b_x_i2
            x_i2 = x_i2_before
        # adjoint of line 293: if x[i] > 0.5:
        if cmp:
            skip_before = _stack.pop()
            brk_before = _stack.pop()
            # adjoint of line 294: s = s + x[i]
            b_x[i] += b_s
        cmp_before = _stack.pop()
        cmp = cmp_before
        skip_before1 = _stack.pop()
        _skip = skip_before1
    return finish(b_x, x)
