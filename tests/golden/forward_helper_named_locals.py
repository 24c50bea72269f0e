def jvp_helper_named_locals(x, tangents):
    # line 764: seed = x * 2.0
    seed1 = x * 2.0
    t_seed1 = broadcast_like(tangents * 2.0, seed1)
    # line 765: finish = np.sin(seed)
    finish1 = np.sin(seed1)
    t_finish1 = t_seed1 * np.cos(seed1)
    # line 766: grad_ys = np.diff(finish)
    grad_ys1 = np.diff(finish1)
    t_grad_ys1 = np.diff(t_finish1, 1, -1)
    # line 767: diff_grad = np.sum(grad_ys ** 2)
    t_pow1 = t_grad_ys1 * 2.0 * grad_ys1
    diff_grad1 = np.sum(grad_ys1 ** 2)
    t_diff_grad1 = np.sum(t_pow1, axis=None, keepdims=False)
    # line 768: return diff_grad * np.sum(finish)
    sum1 = np.sum(finish1)
    t_sum1 = np.sum(t_finish1, axis=None, keepdims=False)
    mul = diff_grad1 * sum1
    t_mul = broadcast_like(t_diff_grad1 * sum1, mul) + broadcast_like(
        diff_grad1 * t_sum1, mul)
    return mul, t_mul
