def grad_chained_entry_stores(x, grad_ys=None):
    mul = x * 1.0
    zeros = np.zeros(2)
    p = {'w': mul, 'b': zeros}
    pow1 = x ** 2
    sin = np.sin(x)
    rows = [pow1, sin]
    x_i = x[1]
    x_i1 = x[2]
    mul1 = x_i * x_i1
    unused = list_only(p, "`p['w'][0] = ...`")
    entry = p['w']
    _entry_saved = np.copy(entry[0])
    entry[0] = mul1
    p['w'] = entry
    unused1 = list_only(p, "`p['b'][1] = ...`")
    entry1 = p['b']
    w = p['w']
    add = entry1[1] + w[0]
    _entry1_saved = np.copy(entry1[1])
    entry1[1] = add
    p['b'] = entry1
    unused2 = list_only(rows, '`rows[1][1:] = ...`')
    entry2 = rows[1]
    item1 = entry2[1:]
    w1 = p['w']
    item_i1 = w1[:2]
    unused3 = check_in_place(item1, item_i1, 'multiply')
    mul2 = item1 * item_i1
    _entry2_saved = np.copy(entry2[1:])
    entry2[1:] = mul2
    rows[1] = entry2
    w2 = p['w']
    rows_i = rows[1]
    check_broadcast(w2, rows_i)
    b = p['b']
    rows_i1 = rows[0]
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 1090: return np.sum(p["w"] * rows[1]) + p["b"][1] * rows[0][2]
    b_rows_i1 = index_add(None, rows_i1, 2, b[1] * b_add1)
    b_rows = item_add(None, rows, 0, b_rows_i1)
    del b_rows_i1
    b_b = index_add(None, b, 1, b_add1 * rows_i1[2])
    del b, rows_i1
    b_p = item_add(None, p, 'b', b_b)
    del b_b
    b_w2 = mul_into(rows_i, b_add1)
    del rows_i
    b_rows_i = mul_into(w2, b_add1)
    del w2
    b_rows = item_add(b_rows, rows, 1, b_rows_i)
    del b_rows_i
    b_p = item_add(b_p, p, 'w', b_w2)
    del b_w2
    # adjoint of line 1089: rows[1][1:] *= p["w"][:2]
    b_entry2 = item_grad(b_rows, 1, entry2)
    b_rows = item_clear(b_rows, 1)
    b_mul2 = unbroadcast(np.copy(b_entry2[1:]), mul2)
    del mul2
    b_entry2 = np.array(b_entry2, dtype=float)
    b_entry2[1:] = 0.0
    entry2[1:] = _entry2_saved
    del entry2
    b_item1 = unbroadcast(b_mul2 * item_i1, item1)
    b_w1 = index_add_product(None, w1, slice(None, 2, None), item1, b_mul2,
        item_i1)
    del b_mul2, item1, item_i1, w1
    b_p = item_add(b_p, p, 'w', b_w1)
    del b_w1
    b_entry2[1:] += b_item1
    del b_item1
    b_rows = item_add(b_rows, rows, 1, b_entry2)
    del b_entry2
    # adjoint of line 1088: p["b"][1] += p["w"][0]
    b_entry1 = item_grad(b_p, 'b', entry1)
    b_p = item_clear(b_p, 'b')
    b_add = unbroadcast(np.copy(b_entry1[1]), add)
    b_entry1 = np.array(b_entry1, dtype=float)
    b_entry1[1] = 0.0
    entry1[1] = _entry1_saved
    del entry1
    b_w = index_add(None, w, 0, b_add)
    del w
    b_p = item_add(b_p, p, 'w', b_w)
    del b_w
    b_entry1[1] += b_add
    b_p = item_add(b_p, p, 'b', b_entry1)
    del b_entry1
    # adjoint of line 1087: p["w"][0] = x[1] * x[2]
    b_entry = item_grad(b_p, 'w', entry)
    b_p = item_clear(b_p, 'w')
    b_mul1 = unbroadcast(np.copy(b_entry[0]), mul1)
    b_entry = np.array(b_entry, dtype=float)
    b_entry[0] = 0.0
    entry[0] = _entry_saved
    del entry
    b_p = item_add(b_p, p, 'w', b_entry)
    del b_entry
    b_x = index_add(None, x, 2, x_i * b_mul1)
    b_x[1] += b_mul1 * x_i1
    # adjoint of line 1086: rows = [x ** 2, np.sin(x)]
    b_pow1 = item_grad(b_rows, 0, pow1)
    del pow1
    b_sin = item_grad(b_rows, 1, sin)
    del sin
    b_x += b_sin * np.cos(x)
    del b_sin
    b_x += b_pow1 * 2.0 * x
    del b_pow1
    # adjoint of line 1085: p = {"w": x * 1.0, "b": np.zeros(2)}
    b_mul = item_grad(b_p, 'w', mul)
    del mul
    b_x += mul_into(b_mul, 1.0)
    return finish(b_x, x)
