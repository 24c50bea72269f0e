def grad_put_values(x, grad_ys=None):
    y = x * 2.0
    x_i = x[:2]
    pow1 = x_i ** 2
    items = [0, 2]
    at = put_index(y, items, pow1)
    y[at] = pow1
    check_broadcast(y, x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 714: return np.sum(y * x)
    b_y = b_sum1 * x
    b_x = mul_into(y, b_sum1)
    del y
    # adjoint of line 713: np.put(y, [0, 2], x[:2] ** 2)
    b_pow1 = unbroadcast(b_y[at] * last_writes(b_y, at), pow1)
    del pow1
    b_y[at] = 0.0
    b_x_i = mul_into(x_i, b_pow1 * 2.0)
    del b_pow1, x_i
    b_x[:2] += b_x_i
    del b_x_i
    # adjoint of line 712: y = x * 2.0
    b_x += mul_into(b_y, 2.0)
    return finish(b_x, x)
