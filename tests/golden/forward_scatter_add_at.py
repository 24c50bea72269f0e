def jvp_scatter_add_at(x, tangents):
    t_x = tangents
    m = np.zeros((3, 3))
    items1 = [0, 2, 0]
    items2 = [1, 1, 1]
    rows = items1
    cols = items2
    t_m = np.zeros_like(m)
    for k in range(2):
        # line 389: np.add.at(m, (rows, cols), x * (k + 1.0))
        items3 = rows, cols
        add = k + 1.0
        mul = x * add
        t_mul = broadcast_like(t_x * add, mul)
        added = add_at(m, items3, mul)
        t_added = add_tree(t_m, add_at(np.zeros(np.shape(added), np.
            result_type(t_mul, added)), items3, t_mul))
        m[...] = added
        t_m = np.copy(t_m)
        t_m[...] = t_added
    # line 390: np.add.at(m, 2, x[0] ** 2)
    x_i = x[0]
    t_pow1 = t_x[0] * 2.0 * x_i
    added1 = add_at(m, 2, x_i ** 2)
    t_added1 = t_m + add_at(np.zeros(np.shape(added1), np.result_type(
        t_pow1, added1)), 2, t_pow1)
    m[...] = added1
    t_m[...] = t_added1
    # line 391: return np.sum(m * np.outer(x, x))
    outer = np.outer(x, x)
    t_outer = np.outer(t_x, x) + np.outer(x, t_x)
    mul1 = m * outer
    t_mul1 = broadcast_like(t_m * outer, mul1) + broadcast_like(m * t_outer,
        mul1)
    sum1 = np.sum(mul1)
    t_sum1 = np.sum(t_mul1, axis=None, keepdims=False)
    return sum1, t_sum1
