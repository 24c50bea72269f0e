def grad_branch(a, grad_ys=None):
    cmp = a > 0.5
    # seed: the gradient of the sum of the outputs
    b_mul = scalar_seed(grad_ys)
    # adjoint of line 258: return b * 3.0
    b_b = b_mul * 3.0
    # adjoint of line 254: if a > 0.5:
    if cmp:
        # adjoint of line 255: b = a * a
        b_a = 2.0 * b_b * a
    else:
        # adjoint of line 257: b = -a
        b_a = -b_b
    return finish(b_a, a)
