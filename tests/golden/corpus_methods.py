def grad_methods(x, grad_ys=None):
    m = x.reshape(2, 2)
    sum1 = m.sum()
    mean = m.mean()
    max1 = m.max()
    min1 = m.min()
    dot = m.dot(m)
    sum2 = dot.sum()
    transposed = m.T
    check_broadcast(transposed, m)
    # seed: the gradient of the sum of the outputs
    b_add2 = scalar_seed(grad_ys)
    # adjoint of line 172: return m.sum() + m.mean() * m.max() - m.min() + m.dot(m).sum() + np.sum(m.T * m)
    b_transposed = b_add2 * m
    b_m = mul_into(transposed, b_add2)
    del transposed
    b_m += np.transpose(b_transposed)
    del b_transposed
    b_dot = spread(b_add2, dot)
    del dot
    b_m += b_dot @ m.T + m.T @ b_dot
    del b_dot
    b_m += extreme_grad(-b_add2, m, min1, None, False)
    b_m += extreme_grad(mean * b_add2, m, max1, None, False)
    b_m += b_add2 * max1 / size_of(m)
    del m
    b_m += b_add2
    # adjoint of line 171: m = x.reshape(2, 2)
    b_x = np.reshape(b_m, np.shape(x))
    return finish(b_x, x, False, (grad_ys,))
