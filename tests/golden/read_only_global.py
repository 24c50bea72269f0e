def grad_read_only_global(x, grad_ys=None):
    tanh = np.tanh(x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 986: return np.sum(GLOBAL_SCALE * np.tanh(x) ** 2)
    b_tanh = 2.0 * GLOBAL_SCALE * b_sum1 * tanh
    b_x = b_tanh * (1.0 - tanh * tanh)
    return finish(b_x, x)
