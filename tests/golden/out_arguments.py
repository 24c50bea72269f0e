def grad_out_arguments(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    mul = None
    result = None
    acc = np.zeros(3)
    for k in range(2):
        _stack.append(mul)
        mul = x * (k + 1.0)
        _stack.append(result)
        result = np.add(acc, mul)
        _stack.append(np.copy(acc[...]))
        acc[...] = result
    m = np.outer(x, acc)
    result1 = m.clip(-0.5, 0.5)
    _m_saved = np.copy(m[...])
    m[...] = result1
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 424: m.clip(-0.5, 0.5, out=m)
    b_m = spread(b_sum1, m)
    b_result1 = unbroadcast(np.copy(b_m[...]), result1)
    del result1
    b_m = np.array(b_m, dtype=float)
    b_m[...] = 0.0
    m[...] = _m_saved
    b_m += mul_into(b_result1, (m >= -0.5) & (m <= 0.5))
    del b_result1
    # adjoint of line 423: m = np.outer(x, acc)
    vjp = vjp_outer(b_m, m, a=x, b=acc, out=None)
    del b_m, m
    b_x = vjp[0]
    b_acc = vjp[1]
    del vjp
    # adjoint of line 421: for k in range(2):
    for k in reversed(range(2)):
        # adjoint of line 422: np.add(acc, x * (k + 1.0), out=acc)
        b_acc = np.array(b_acc, dtype=float)
        b_result = unbroadcast(np.copy(b_acc[...]), result)
        del result
        b_acc[...] = 0.0
        acc[...] = _stack.pop()
        result_before = _stack.pop()
        b_acc += unbroadcast(b_result, acc)
        b_mul = unbroadcast(b_result, mul)
        del b_result, mul
        result = result_before
        mul_before = _stack.pop()
        b_x = b_x + b_mul * (k + 1.0)
        del b_mul
        mul = mul_before
    return finish(b_x, x, False, (grad_ys,))
