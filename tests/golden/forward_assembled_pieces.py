def jvp_assembled_pieces(x, tangents):
    # line 893: m = np.block([[x[:2, :2], x[:2, 2:3] * 2.0], [np.tanh(x[2:, :2]), 1.5]])
    t_x_i = tangents[:2, :2]
    t_x_i1 = tangents[:2, 2:3]
    mul = x[:2, 2:3] * 2.0
    t_mul = broadcast_like(t_x_i1 * 2.0, mul)
    items = [x[:2, :2], mul]
    t_items = [t_x_i, t_mul]
    t_x_i2 = tangents[2:, :2]
    tanh = np.tanh(x[2:, :2])
    t_tanh = t_x_i2 * (1.0 - tanh * tanh)
    items1 = [tanh, 1.5]
    t_items1 = [t_tanh, None]
    items2 = [items, items1]
    t_items2 = [t_items, t_items1]
    m = np.block(items2)
    t_m = np.block(filled(filled(t_items2, items2), items2))
    # line 894: y = np.insert(x[0], [1, 1], np.tanh(x[1, :2]))
    x_i3 = x[0]
    t_x_i3 = tangents[0]
    items3 = [1, 1]
    t_x_i4 = tangents[1, :2]
    tanh1 = np.tanh(x[1, :2])
    t_tanh1 = t_x_i4 * (1.0 - tanh1 * tanh1)
    y = np.insert(x_i3, items3, tanh1)
    t_y = add_tree(np.insert(t_x_i3, items3, np.zeros(np.shape(tanh1)),
        None), np.insert(np.zeros(np.shape(x_i3)), items3,
        insert_values_tangent(t_tanh1, x_i3), None))
    # line 895: return np.sum(np.sin(m) * m) + np.sum(y ** 3)
    sin = np.sin(m)
    t_sin = t_m * np.cos(m)
    mul1 = sin * m
    t_mul1 = broadcast_like(t_sin * m, mul1) + broadcast_like(sin * t_m, mul1)
    sum1 = np.sum(mul1)
    t_sum1 = np.sum(t_mul1, axis=None, keepdims=False)
    t_pow1 = t_y * 3 * y ** 2
    sum2 = np.sum(y ** 3)
    t_sum2 = np.sum(t_pow1, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    return add, t_add
