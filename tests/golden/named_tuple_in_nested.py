def grad_named_tuple_in_nested(p, x, grad_ys=None):
    p_i = p[0]
    p_i1 = p[1]
    lay1 = np.tanh(p_i * x + p_i1)
    lay2 = np.tanh(p_i * lay1 + p_i1)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 1053: return np.sum(lay(p, lay(p, x)) ** 2)
    b_lay2 = b_sum1 * 2.0 * lay2
    b_add1 = b_lay2 * (1.0 - lay2 * lay2)
    del b_lay2, lay2
    b_p_i3 = unbroadcast(b_add1, p_i1)
    b_p = item_add(None, p, 1, b_p_i3)
    b_p_i2 = b_add1 * lay1
    b_lay1 = mul_into(p_i, b_add1)
    del b_add1, p_i
    b_p = item_add(b_p, p, 0, b_p_i2)
    del b_p_i2
    b_add = b_lay1 * (1.0 - lay1 * lay1)
    del b_lay1, lay1
    b_p_i1 = unbroadcast(b_add, p_i1)
    b_p = item_add(b_p, p, 1, b_p_i1)
    b_p_i = mul_into(b_add, x)
    del b_add
    b_p = item_add(b_p, p, 0, b_p_i)
    return finish(b_p, p, False, (grad_ys,))
