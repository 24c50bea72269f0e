def grad_indexing(x, grad_ys=None):
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 146: return x[0] * x[-1] + np.sum(x[1:3]) + np.sum(x[::2] ** 2)
    b_x_i3 = b_add1 * 2.0 * x[::2]
    b_x = index_add(None, x, slice(None, None, 2), b_x_i3)
    del b_x_i3
    b_x[1:3] += b_add1
    b_x[-1] += x[0] * b_add1
    b_x[0] += b_add1 * x[-1]
    return finish(b_x, x)
