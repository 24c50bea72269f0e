def grad_entry_removed_and_inserted(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    cmp = None
    d_i = None
    j = None
    rows_i = None
    mul = x * 2.0
    sin = np.sin(x)
    d = {'a': mul, 'b': sin}
    key = 'a'
    unused = d[key]
    keys = []
    values = []
    key_list1 = key_list(d)
    n = len(key_list1)
    for k1 in range(n):
        _stack.append(j)
        j = key_list1[k1]
        _stack.append(cmp)
        cmp = j != key
        if cmp:
            keys.append(j)
            _stack.append(d_i)
            d_i = d[j]
            values.append(d_i)
    _d1 = d
    d = dict_of(keys, values)
    mul1 = x * 1.0
    b = d['b']
    rows = [mul1, b]
    unused1 = list_only(rows, 'insert')
    at = 1
    value = np.tanh(x)
    size = len(rows)
    cmp1 = at < 0
    if cmp1:
        choice = at + size
    else:
        choice = at
    max1 = max(choice, 0)
    at = min(max1, size)
    rows.append(value)
    for k in range(size, at, -1):
        _stack.append(rows_i)
        rows_i = rows[k - 1]
        _stack.append(item_saved(rows, k))
        rows[k] = rows_i
    _rows_saved = item_saved(rows, at)
    rows[at] = value
    rows_i1 = rows[0]
    rows_i2 = rows[1]
    mul2 = rows_i1 * rows_i2
    rows_i3 = rows[2]
    pow1 = rows_i3 ** 2
    add = mul2 + pow1
    n1 = len(d)
    # seed: the gradient of the sum of the outputs
    b_mul3 = scalar_seed(grad_ys)
    # adjoint of line 1106: return np.sum(rows[0] * rows[1] + rows[2] ** 2) * len(d)
    b_add = spread(b_mul3 * n1, add)
    del add
    b_mul2 = unbroadcast(b_add, mul2)
    del mul2
    b_pow1 = unbroadcast(b_add, pow1)
    del b_add, pow1
    b_rows_i3 = b_pow1 * 2.0 * rows_i3
    del b_pow1
    b_rows = item_add(None, rows, 2, b_rows_i3)
    b_rows_i1 = unbroadcast(b_mul2 * rows_i2, rows_i1)
    b_rows_i2 = unbroadcast(rows_i1 * b_mul2, rows_i2)
    del b_mul2
    b_rows = item_add(b_rows, rows, 1, b_rows_i2)
    b_rows = item_add(b_rows, rows, 0, b_rows_i1)
    # adjoint of line 1105: rows.insert(1, np.tanh(x))
    b_value = item_grad(b_rows, at, value)
    b_rows = item_clear(b_rows, at)
    item_restore(rows, at, _rows_saved)
    # adjoint of line 1105: rows.insert(1, np.tanh(x))
    for k in reversed(range(size, at, -1)):
        # adjoint of line 1105: rows.insert(1, np.tanh(x))
        b_rows_i = item_grad(b_rows, k, rows_i)
        b_rows = item_clear(b_rows, k)
        item_restore(rows, k, _stack.pop())
        rows_i_before = _stack.pop()
        b_rows = item_add(b_rows, rows, k - 1, b_rows_i)
        rows_i = rows_i_before
    # adjoint of line 1105: rows.insert(1, np.tanh(x))
    b_rows, b_item = pop_grad(b_rows, value)
    b_value = add_into(b_value, b_item)
    rows.pop()
    # adjoint of line 1105: rows.insert(1, np.tanh(x))
    b_x = b_value * (1.0 - value * value)
    del b_value, value
    # adjoint of line 1104: rows = [x * 1.0, d["b"]]
    b_mul1 = item_grad(b_rows, 0, mul1)
    del mul1
    b_b = item_grad(b_rows, 1, b)
    b_d = item_add(None, d, 'b', b_b)
    b_x += mul_into(b_mul1, 1.0)
    del b_mul1
    # adjoint of line 1103: del d["a"]
    b_values = dict_of_grad(b_d, keys)
    d = _d1
    # adjoint of line 1103: del d["a"]
    b_d = zeros_tree(_d1)
    for k1 in reversed(range(n)):
        # adjoint of line 1103: del d["a"]
        if cmp:
            # adjoint of line 1103: del d["a"]
            b_values, b_item1 = pop_grad(b_values, d_i)
            values.pop()
            d_i_before = _stack.pop()
            b_d = item_add(b_d, d, j, b_item1)
            d_i = d_i_before
            keys.pop()
        cmp_before = _stack.pop()
        cmp = cmp_before
        j_before = _stack.pop()
        j = j_before
    # adjoint of line 1102: d = {"a": x * 2.0, "b": np.sin(x)}
    b_mul = item_grad(b_d, 'a', mul)
    del mul
    b_sin = item_grad(b_d, 'b', sin)
    del sin
    b_x += b_sin * np.cos(x)
    del b_sin
    b_x += mul_into(b_mul, 2.0)
    return finish(b_x, x)
