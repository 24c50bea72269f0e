def jvp_sum_of_items_grad(g, items, tangents):
    t_g = tangents[0]
    isinstance1 = isinstance(items, dict)
    if isinstance1:
        _retval = None
        t_retval = zeros_tree(_retval)
    else:
        ndarray = np.ndarray
        isinstance2 = isinstance(items, ndarray)
        if isinstance2:
            n = len(items)
            if not n:
                _retval = np.zeros_like(items, dtype=float)
                t_retval = zeros_tree(_retval)
            else:
                # line 90: return np.broadcast_to(unbroadcast(g, items[0]), items.shape)
                items_i = items[0]
                unbroadcast1 = unbroadcast(g, items_i)
                t_unbroadcast1 = unbroadcast(t_g, items_i)
                shape = items.shape
                _retval = np.broadcast_to(unbroadcast1, shape)
                t_retval = np.broadcast_to(t_unbroadcast1, shape)
        else:
            # line 91: return [unbroadcast(g, x) for x in items]
            items1 = []
            t_items1 = []
            n1 = loop_len(items)
            for k in range(n1):
                # line 91: return [unbroadcast(g, x) for x in items]
                x = items[k]
                unbroadcast2 = unbroadcast(g, x)
                t_unbroadcast2 = unbroadcast(t_g, x)
                items1.append(unbroadcast2)
                t_items1.append(t_unbroadcast2)
            # line 91: return [unbroadcast(g, x) for x in items]
            _retval = items1
            t_retval = t_items1
    return _retval, t_retval


def jvp_grad_window_of_concatenations(x, s, grad_ys=None, tangents=None):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 2: _stack = []
    _stack = []
    t_stack = []
    n1 = None
    tanh = None
    w_i = None
    w_i1 = None
    # line 8: x_i = x[0]
    x_i = x[0]
    t_x_i = t_x[0]
    # line 9: w = [s, 0.5, x_i]
    w = [s, 0.5, x_i]
    t_w = [t_s, None, t_x_i]
    n = len(x)
    t_tanh = zeros_tree(tanh)
    t_w_i = zeros_tree(w_i)
    t_w_i1 = zeros_tree(w_i1)
    for j in range(n):
        # line 12: _stack.append(w_i)
        _stack.append(w_i)
        t_stack.append(t_w_i)
        # line 13: w_i = w[1:]
        w_i = w[1:]
        t_w_i = item_grad(t_w, slice(1, None, None), w_i)
        # line 14: _stack.append(n1)
        _stack.append(n1)
        t_stack.append(None)
        n1 = len(w)
        # line 16: _stack.append(w_i1)
        _stack.append(w_i1)
        t_stack.append(t_w_i1)
        # line 17: w_i1 = w[j % n1]
        mod = j % n1
        w_i1 = w[mod]
        t_w_i1 = item_grad(t_w, mod, w_i1)
        # line 18: _stack.append(tanh)
        _stack.append(tanh)
        t_stack.append(t_tanh)
        # line 19: tanh = math.tanh(x[j] * w_i1)
        x_i1 = x[j]
        mul = x_i1 * w_i1
        t_mul = broadcast_like(t_x[j] * w_i1, mul) + broadcast_like(x_i1 *
            t_w_i1, mul)
        tanh = math.tanh(mul)
        t_tanh = t_mul * (1.0 - tanh * tanh)
        # line 20: items = [tanh]
        items = [tanh]
        t_items = [t_tanh]
        # line 21: _stack.append(w)
        _stack.append(w)
        t_stack.append(t_w)
        # line 22: w = concat_sequences(w_i, items)
        w = concat_sequences(w_i, items)
        t_w = add_tree(sequence_padded_tangent(t_w_i, w_i, 0, len(items)),
            sequence_padded_tangent(t_items, items, len(w_i), 0))
    # line 23: tuple1 = tuple(w)
    tuple1 = tuple(w)
    t_tuple1 = sequence_tangent(t_w, w)
    # line 24: mul1 = s * s
    mul1 = s * s
    t_mul1 = 2.0 * broadcast_like(t_s * s, mul1)
    # line 25: t = concat_sequences(tuple1, (mul1,))
    items1 = mul1,
    t_items1 = t_mul1,
    t = concat_sequences(tuple1, items1)
    t_t = add_tree(sequence_padded_tangent(t_tuple1, tuple1, 0, len(items1)
        ), sequence_padded_tangent(t_items1, items1, len(tuple1), 0))
    # line 26: sum1 = sum(w)
    sum1 = sum(w)
    t_sum1 = broadcast_like(sum(fill_zeros(t_w, w)), sum1)
    mul2 = sum1 * s
    # line 28: t_i = t[0]
    t_i = t[0]
    t_t_i = item_grad(t_t, 0, t_i)
    # line 29: t_i1 = t[-1]
    t_i1 = t[-1]
    t_t_i1 = item_grad(t_t, -1, t_i1)
    mul3 = t_i * t_i1
    b_add = seed(grad_ys, mul2 + mul3)
    b_mul2 = unbroadcast(b_add, mul2)
    b_mul3 = unbroadcast(b_add, mul3)
    # line 36: b_t_i = unbroadcast(b_mul3 * t_i1, t_i)
    mul4 = b_mul3 * t_i1
    t_mul4 = broadcast_like(b_mul3 * t_t_i1, mul4)
    b_t_i = unbroadcast(mul4, t_i)
    t_b_t_i = unbroadcast(t_mul4, t_i)
    # line 37: b_t_i1 = unbroadcast(t_i * b_mul3, t_i1)
    mul5 = t_i * b_mul3
    t_mul5 = broadcast_like(t_t_i * b_mul3, mul5)
    b_t_i1 = unbroadcast(mul5, t_i1)
    t_b_t_i1 = unbroadcast(t_mul5, t_i1)
    # line 38: b_t = item_add(None, t, -1, b_t_i1)
    b_t = item_add(None, t, -1, b_t_i1)
    t_b_t = item_add(None, t, -1, t_b_t_i1)
    # line 39: b_t = item_add(b_t, t, 0, b_t_i)
    b_t = item_add(b_t, t, 0, b_t_i)
    t_b_t = add_tree(t_b_t, item_add(None, t, 0, t_b_t_i))
    # line 40: b_sum1 = b_mul2 * s
    b_sum1 = b_mul2 * s
    t_b_sum1 = broadcast_like(b_mul2 * t_s, b_sum1)
    # line 41: b_s = unbroadcast(sum1 * b_mul2, s)
    mul6 = sum1 * b_mul2
    t_mul6 = broadcast_like(t_sum1 * b_mul2, mul6)
    b_s = unbroadcast(mul6, s)
    t_b_s = unbroadcast(t_mul6, s)
    # line 42: b_w = sum_of_items_grad(b_sum1, w)
    b_w, t_b_w = jvp_sum_of_items_grad(b_sum1, w, tangents=(t_b_sum1, t_w))
    # line 44: b_tuple1 = sequence_part_grad(b_t, 0, len(tuple1))
    n2 = len(tuple1)
    b_tuple1 = sequence_part_grad(b_t, 0, n2)
    t_b_tuple1 = sequence_part_grad(t_b_t, 0, n2)
    # line 45: b_items1 = sequence_part_grad(b_t, len(tuple1), len(t))
    n3 = len(tuple1)
    n4 = len(t)
    b_items1 = sequence_part_grad(b_t, n3, n4)
    t_b_items1 = sequence_part_grad(t_b_t, n3, n4)
    # line 46: b_mul1 = item_grad(b_items1, 0, mul1)
    b_mul1 = item_grad(b_items1, 0, mul1)
    t_b_mul1 = item_grad(t_b_items1, 0, mul1)
    # line 47: b_s = b_s + 2.0 * b_mul1 * s
    mul7 = 2.0 * b_mul1
    t_mul7 = broadcast_like(2.0 * t_b_mul1, mul7)
    mul8 = mul7 * s
    t_mul8 = broadcast_like(t_mul7 * s, mul8) + broadcast_like(mul7 * t_s, mul8
        )
    b_s = b_s + mul8
    t_b_s = broadcast_like(t_b_s, b_s) + broadcast_like(t_mul8, b_s)
    # line 48: b_w = add_tree(b_w, sequence_grad(b_tuple1, w))
    sequence_grad1 = sequence_grad(b_tuple1, w)
    t_sequence_grad1 = sequence_grad(t_b_tuple1, w)
    b_w = add_tree(b_w, sequence_grad1)
    t_b_w = add_tree(t_b_w, t_sequence_grad1)
    b_x = np.zeros_like(x)
    range1 = range(n)
    n5 = len(range1)
    last = n5 - 1
    t_b_x = zeros_tree(b_x)
    t_n1 = zeros_tree(n1)
    for k in range(last, -1, -1):
        j = range1[k]
        # line 53: w_before = _stack.pop()
        w_before = _stack.pop()
        t_w_before = cotangent(t_stack.pop(), w_before)
        # line 54: b_w_i = sequence_part_grad(b_w, 0, len(w_i))
        n6 = len(w_i)
        b_w_i = sequence_part_grad(b_w, 0, n6)
        t_b_w_i = sequence_part_grad(t_b_w, 0, n6)
        # line 55: b_items = sequence_part_grad(b_w, len(w_i), len(w))
        n7 = len(w_i)
        n8 = len(w)
        b_items = sequence_part_grad(b_w, n7, n8)
        t_b_items = sequence_part_grad(t_b_w, n7, n8)
        # line 56: w = w_before
        w = w_before
        # line 57: b_tanh = item_grad(b_items, 0, tanh)
        b_tanh = item_grad(b_items, 0, tanh)
        t_b_tanh = item_grad(t_b_items, 0, tanh)
        # line 58: tanh_before = _stack.pop()
        tanh_before = _stack.pop()
        t_tanh_before = cotangent(t_stack.pop(), tanh_before)
        # line 59: b_mul = b_tanh * (1.0 - tanh * tanh)
        mul9 = tanh * tanh
        t_mul9 = 2.0 * broadcast_like(t_tanh * tanh, mul9)
        sub = 1.0 - mul9
        t_sub = -broadcast_like(t_mul9, sub)
        b_mul = b_tanh * sub
        t_b_mul = broadcast_like(t_b_tanh * sub, b_mul) + broadcast_like(
            b_tanh * t_sub, b_mul)
        # line 60: tanh = tanh_before
        tanh = tanh_before
        t_tanh = t_tanh_before
        # line 61: x_i11 = x[j]
        x_i11 = x[j]
        t_x_i11 = t_x[j]
        # line 62: b_x_i1 = unbroadcast(b_mul * w_i1, x_i11)
        mul10 = b_mul * w_i1
        t_mul10 = broadcast_like(t_b_mul * w_i1, mul10) + broadcast_like(
            b_mul * t_w_i1, mul10)
        b_x_i1 = unbroadcast(mul10, x_i11)
        t_b_x_i1 = unbroadcast(t_mul10, x_i11)
        # line 63: b_w_i1 = x_i11 * b_mul
        b_w_i1 = x_i11 * b_mul
        t_b_w_i1 = broadcast_like(t_x_i11 * b_mul, b_w_i1) + broadcast_like(
            x_i11 * t_b_mul, b_w_i1)
        # line 64: w_i1_before = _stack.pop()
        w_i1_before = _stack.pop()
        t_w_i1_before = cotangent(t_stack.pop(), w_i1_before)
        # line 65: b_w = item_add(None, w_before, j % n1, b_w_i1)
        mod1 = j % n1
        t_mod1 = -broadcast_like(t_n1 * np.floor(j / n1), mod1)
        b_w = item_add(None, w_before, mod1, b_w_i1)
        t_b_w = item_add(None, w_before, mod1, t_b_w_i1)
        # line 66: w_i1 = w_i1_before
        w_i1 = w_i1_before
        t_w_i1 = t_w_i1_before
        # line 67: n1_before = _stack.pop()
        n1_before = _stack.pop()
        t_n1_before = cotangent(t_stack.pop(), n1_before)
        # line 68: n1 = n1_before
        n1 = n1_before
        t_n1 = t_n1_before
        # line 69: b_x = index_add(b_x, x, j, b_x_i1)
        b_x = index_add(b_x, x, j, b_x_i1)
        t_b_x = t_b_x + index_add(None, x, j, t_b_x_i1)
        # line 70: w_i_before = _stack.pop()
        w_i_before = _stack.pop()
        t_w_i_before = cotangent(t_stack.pop(), w_i_before)
        # line 71: b_w = item_add(b_w, w_before, slice(1, None, None), b_w_i)
        slice1 = slice(1, None, None)
        b_w = item_add(b_w, w_before, slice1, b_w_i)
        t_b_w = add_tree(t_b_w, item_add(None, w_before, slice1, t_b_w_i))
        # line 72: w_i = w_i_before
        w_i = w_i_before
    # line 74: b_s = b_s + item_grad(b_w, 0, s)
    item_grad1 = item_grad(b_w, 0, s)
    t_item_grad1 = item_grad(t_b_w, 0, s)
    b_s = b_s + item_grad1
    t_b_s = broadcast_like(t_b_s, b_s) + broadcast_like(t_item_grad1, b_s)
    # line 75: b_x_i = item_grad(b_w, 2, x_i)
    b_x_i = item_grad(b_w, 2, x_i)
    t_b_x_i = item_grad(t_b_w, 2, x_i)
    # line 76: b_x = index_add(b_x, x, 0, b_x_i)
    b_x = index_add(b_x, x, 0, b_x_i)
    t_b_x = t_b_x + index_add(None, x, 0, filled(t_b_x_i, b_x_i))
    # line 77: return finish(b_x, x, True), finish(b_s, s, True)
    finish1 = finish(b_x, x, True)
    t_finish1 = finish(t_b_x, x, True, None)
    finish2 = finish(b_s, s, True)
    t_finish2 = finish(t_b_s, s, True, None)
    return (finish1, finish2), (t_finish1, t_finish2)
