def grad_broadcast_bias(x, b, s, grad_ys=None):
    add = x + b
    sub = add * s - b
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 106: return np.sum((x + b) * s - b)
    b_sub = spread(b_sum1, sub)
    del sub
    b_b = -unbroadcast(b_sub, b)
    b_add = b_sub * s
    b_s = sum_product(add, b_sub, s)
    del add, b_sub
    b_b += unbroadcast(b_add, b)
    return finish(b_add, x, False, (grad_ys,)), finish(b_b, b), finish(b_s,
        s, False, (grad_ys, b_add))
