def jvp_differences_of_differences(x, tangents):
    # line 758: return np.sum(np.sin(np.diff(np.diff(x)))) + np.sum(np.ediff1d(x, to_begin=0.5) ** 2)
    diff = np.diff(x)
    t_diff = np.diff(tangents, 1, -1)
    diff1 = np.diff(diff)
    t_diff1 = np.diff(t_diff, 1, -1)
    sin = np.sin(diff1)
    t_sin = t_diff1 * np.cos(diff1)
    sum1 = np.sum(sin)
    t_sum1 = np.sum(t_sin, axis=None, keepdims=False)
    ediff1d = np.ediff1d(x, to_begin=0.5)
    t_ediff1d = ediff1d_tangent(tangents, None, 0.5)
    t_pow1 = t_ediff1d * 2.0 * ediff1d
    sum2 = np.sum(ediff1d ** 2)
    t_sum2 = np.sum(t_pow1, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    return add, t_add
