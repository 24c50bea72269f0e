def grad_reassigned(a, grad_ys=None):
    _a = a
    a = a * a
    # seed: the gradient of the sum of the outputs
    b_a = scalar_seed(grad_ys)
    # adjoint of line 198: a = np.sin(a) + a
    b_a = b_a + b_a * np.cos(a)
    # adjoint of line 197: a = a * a
    b_a = 2.0 * b_a * _a
    return finish(b_a, _a)
