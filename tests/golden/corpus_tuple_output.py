def grad_tuple_output(a, b, grad_ys=None):
    # seed: the gradient of the sum of the outputs
    _grad_ys = check_outputs(grad_ys, 2)
    b_mul = scalar_seed(_grad_ys[0], 0)
    b_add = scalar_seed(_grad_ys[1], 1)
    # adjoint of line 192: return a * b, a + b
    b_a = b_add + b_mul * b
    b_b = b_add + a * b_mul
    return finish(b_a, a), finish(b_b, b)
