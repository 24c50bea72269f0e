def grad_loop_index_sum(x, n, grad_ys=None):
    for i in range(n):
        x[i]
    # seed: the gradient of the sum of the outputs
    b_s = scalar_seed(grad_ys)
    # adjoint of line 223: for i in range(n):
    b_x = np.zeros_like(x)
    for i in reversed(range(n)):
        # adjoint of line 224: s = s + x[i] * x[i]
        x_i2 = x[i]
        b_x[i] += x_i2 * b_s + b_s * x_i2
    return finish(b_x, x)
