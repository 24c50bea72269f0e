def grad_reassigned(a, grad_ys=None):
    _a = a
    a = a * a
    sin = np.sin(a)
    _a1 = a
    a = sin + a
    # seed: the gradient of the sum of the outputs
    b_a = seed(grad_ys, a)
    # adjoint of line 198: a = np.sin(a) + a
    b_a = b_a + b_a * np.cos(_a1)
    # adjoint of line 197: a = a * a
    b_a = 2.0 * (b_a * _a)
    return finish(b_a, _a)
