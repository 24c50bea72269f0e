def grad_out_arguments(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    result = None
    acc = np.zeros(3)
    for k in range(2):
        _stack.append(shape_only(result))
        result = np.add(acc, x * (k + 1.0))
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
    del b_result1, m
    # adjoint of line 423: m = np.outer(x, acc)
    b_x = b_m @ acc
    del acc
    b_acc = x @ b_m
    del b_m
    # adjoint of line 421: for k in range(2):
    for k in reversed(range(2)):
        # adjoint of line 422: np.add(acc, x * (k + 1.0), out=acc)
        b_result = unbroadcast(np.copy(b_acc[...]), result)
        del result
        b_acc[...] = 0.0
        result_before = _stack.pop()
        b_acc += b_result
        result = result_before
        b_x += mul_into(b_result, k + 1.0)
        del b_result
    return finish(b_x, x)
