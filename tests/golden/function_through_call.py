def grad_function_through_call(x, y, grad_ys=None):
    call1 = x * y
    check_broadcast(x, call1)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 1160: return np.sum(_call(np.sin, x) + _call(lambda u: u * y, x) * _call(scaled, x))
    b_call1 = mul_into(call1, 2.0 * b_sum1)
    del call1
    b_x = b_call1 * y
    b_y = mul_into(b_call1, x)
    del b_call1
    b_x += b_sum1 * np.cos(x)
    return finish(b_x, x), finish(b_y, y)
