def grad_differences_of_differences(x, grad_ys=None):
    diff = np.diff(x)
    diff1 = np.diff(diff)
    ediff1d = np.ediff1d(x, to_begin=0.5)
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 758: return np.sum(np.sin(np.diff(np.diff(x)))) + np.sum(np.ediff1d(x, to_begin=0.5) ** 2)
    b_ediff1d = mul_into(ediff1d, b_add * 2.0)
    del ediff1d
    b_x = ediff1d_grad(b_ediff1d, x, None, 0.5)
    del b_ediff1d
    b_diff1 = b_add * np.cos(diff1)
    del diff1
    b_diff = diff_grad(b_diff1, diff, 1, -1, None, None)
    del b_diff1, diff
    b_x = add_into(b_x, diff_grad(b_diff, x, 1, -1, None, None))
    return finish(b_x, x)
