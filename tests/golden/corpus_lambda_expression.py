def grad_lambda_expression(x, w, grad_ys=None):
    tanh = np.tanh(x * w)
    check_broadcast(tanh, x)
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 687: lambda_expression = lambda x, w: np.sum(np.tanh(x * w) * x) + 0.5 * w ** 2  # noqa: E731
    b_tanh = b_add * x
    b_x = tanh * b_add
    b_mul = b_tanh * (1.0 - tanh * tanh)
    del b_tanh, tanh
    b_x += b_mul * w
    b_w = 0.5 * b_add * 2.0 * w + sum_product(x, b_mul, w)
    return finish(b_x, x), finish(b_w, w)
