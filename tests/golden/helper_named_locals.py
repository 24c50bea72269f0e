def grad_helper_named_locals(x, grad_ys=None):
    seed1 = x * 2.0
    finish1 = np.sin(seed1)
    grad_ys1 = np.diff(finish1)
    diff_grad1 = np.sum(grad_ys1 ** 2)
    sum1 = np.sum(finish1)
    # seed: the gradient of the sum of the outputs
    b_mul = scalar_seed(grad_ys)
    # adjoint of line 768: return diff_grad * np.sum(finish)
    b_diff_grad1 = b_mul * sum1
    # adjoint of line 767: diff_grad = np.sum(grad_ys ** 2)
    b_grad_ys1 = mul_into(grad_ys1, b_diff_grad1 * 2.0)
    del grad_ys1
    # adjoint of line 766: grad_ys = np.diff(finish)
    b_finish1 = diff_grad1 * b_mul + diff_grad(b_grad_ys1, finish1, 1, -1,
        None, None)
    del b_grad_ys1, finish1
    # adjoint of line 765: finish = np.sin(seed)
    b_seed1 = b_finish1 * np.cos(seed1)
    del b_finish1, seed1
    # adjoint of line 764: seed = x * 2.0
    b_x = mul_into(b_seed1, 2.0)
    return finish(b_x, x)
