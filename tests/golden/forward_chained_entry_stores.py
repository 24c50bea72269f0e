def jvp_chained_entry_stores(x, tangents):
    # line 1085: p = {"w": x * 1.0, "b": np.zeros(2)}
    mul = x * 1.0
    t_mul = broadcast_like(tangents * 1.0, mul)
    zeros = np.zeros(2)
    p = {'w': mul, 'b': zeros}
    t_p = {'w': t_mul, 'b': None}
    # line 1086: rows = [x ** 2, np.sin(x)]
    t_pow1 = tangents * 2.0 * x
    sin = np.sin(x)
    t_sin = tangents * np.cos(x)
    rows = [x ** 2, sin]
    t_rows = [t_pow1, t_sin]
    # line 1087: p["w"][0] = x[1] * x[2]
    x_i = x[1]
    x_i1 = x[2]
    mul1 = x_i * x_i1
    t_mul1 = broadcast_like(tangents[1] * x_i1, mul1) + broadcast_like(x_i *
        tangents[2], mul1)
    unused = list_only(p, "`p['w'][0] = ...`")
    entry = p['w']
    t_entry = item_grad(t_p, 'w', entry)
    entry[0] = mul1
    t_entry = np.copy(t_entry)
    t_entry[0] = t_mul1
    p['w'] = entry
    t_p['w'] = t_entry
    # line 1088: p["b"][1] += p["w"][0]
    unused1 = list_only(p, "`p['b'][1] = ...`")
    entry1 = p['b']
    t_entry1 = item_grad(t_p, 'b', entry1)
    w = p['w']
    t_w = item_grad(t_p, 'w', w)
    add = entry1[1] + w[0]
    t_add = broadcast_like(t_entry1[1], add) + broadcast_like(t_w[0], add)
    entry1[1] = add
    t_entry1 = np.copy(t_entry1)
    t_entry1[1] = t_add
    p['b'] = entry1
    t_p['b'] = t_entry1
    # line 1089: rows[1][1:] *= p["w"][:2]
    unused2 = list_only(rows, '`rows[1][1:] = ...`')
    entry2 = rows[1]
    t_entry2 = item_grad(t_rows, 1, entry2)
    item1 = entry2[1:]
    t_item1 = t_entry2[1:]
    w1 = p['w']
    t_w1 = item_grad(t_p, 'w', w1)
    item_i1 = w1[:2]
    t_item_i1 = t_w1[:2]
    unused3 = check_in_place(item1, item_i1, 'multiply')
    mul2 = item1 * item_i1
    t_mul2 = broadcast_like(t_item1 * item_i1, mul2) + broadcast_like(item1 *
        t_item_i1, mul2)
    entry2[1:] = mul2
    t_entry2 = np.copy(t_entry2)
    t_entry2[1:] = t_mul2
    rows[1] = entry2
    t_rows[1] = t_entry2
    # line 1090: return np.sum(p["w"] * rows[1]) + p["b"][1] * rows[0][2]
    t_w2 = item_grad(t_p, 'w', w1)
    rows_i = rows[1]
    t_rows_i = item_grad(t_rows, 1, rows_i)
    mul3 = w1 * rows_i
    t_mul3 = broadcast_like(t_w2 * rows_i, mul3) + broadcast_like(w1 *
        t_rows_i, mul3)
    sum1 = np.sum(mul3)
    t_sum1 = np.sum(t_mul3, axis=None, keepdims=False)
    b = p['b']
    t_b = item_grad(t_p, 'b', b)
    item_i2 = b[1]
    rows_i1 = rows[0]
    t_rows_i1 = item_grad(t_rows, 0, rows_i1)
    item_i3 = rows_i1[2]
    mul4 = item_i2 * item_i3
    t_mul4 = broadcast_like(t_b[1] * item_i3, mul4) + broadcast_like(
        item_i2 * t_rows_i1[2], mul4)
    add1 = sum1 + mul4
    t_add1 = broadcast_like(t_sum1, add1) + broadcast_like(t_mul4, add1)
    return add1, t_add1
