def grad_early_return_in_loop(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    _skip = None
    cmp = None
    _retval = None
    _returned = False
    _brk = False
    _trips = 0
    for i in range(3):
        _trips = _trips + 1
        _stack.append(_skip)
        _skip = False
        _stack.append(cmp)
        cmp = x > 10
        if cmp:
            _stack.append(_retval)
            _retval = x
            _returned = True
            _stack.append(_skip)
            _skip = True
            _brk = True
        if not _skip:
            _stack.append(x)
            x = x * 2
        if _brk:
            break
    _took = not _returned
    if _took:
        _retval2 = _retval
        _retval = -x
    # seed: the gradient of the sum of the outputs
    b_retval = seed(grad_ys, _retval)
    # adjoint of line 249: return -x
    if _took:
        # adjoint of line 249: return -x
        b_x = -b_retval
        b_retval = zeros_tree(_retval2)
    else:
        b_x = 0.0
    # adjoint of line 245: for i in range(3):
    for _ in range(_trips):
        # adjoint of line 248: x = x * 2
        if not _skip:
            # adjoint of line 248: x = x * 2
            x_before = _stack.pop()
            b_x = b_x * 2
            x = x_before
        # adjoint of line 246: if x > 10:
        if cmp:
            skip_before = _stack.pop()
            # adjoint of line 247: return x
            retval_before = _stack.pop()
            b_x = b_x + b_retval
            b_retval = zeros_tree(retval_before)
        cmp_before = _stack.pop()
        cmp = cmp_before
        skip_before1 = _stack.pop()
        _skip = skip_before1
    return finish(b_x, x, False, (grad_ys,))
