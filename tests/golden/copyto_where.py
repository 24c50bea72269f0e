def grad_copyto_where(x, grad_ys=None):
    y = x ** 2
    sin = np.sin(x)
    cmp = x > 0.4
    copied = np_where(cmp, sin, y)
    y[...] = copied
    check_broadcast(y, x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 525: return np.sum(y * x)
    b_y = b_sum1 * x
    b_x = mul_into(y, b_sum1)
    del y
    # adjoint of line 524: np.copyto(y, np.sin(x), where=x > 0.4)
    b_copied = unbroadcast(np.copy(b_y[...]), copied)
    del copied
    b_y[...] = 0.0
    b_sin = np.where(cmp, b_copied, 0.0)
    b_y += np.where(cmp, 0.0, b_copied)
    del b_copied
    b_x += b_sin * np.cos(x)
    del b_sin
    # adjoint of line 523: y = x ** 2
    b_x += b_y * 2.0 * x
    return finish(b_x, x)
