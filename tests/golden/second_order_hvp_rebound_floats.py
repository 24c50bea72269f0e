def jvp_split_rest(g, heads, axis=0, tangents=None):
    t_g = tangents[0]
    cmp = axis == 0
    if cmp:
        # line 378: parts, end = [], 0
        items = []
        parts = items
        end = 0
        n = loop_len(heads)
        t_parts = zeros_tree(items)
        for k in range(n):
            a = heads[k]
            shape = a.shape
            add = end + shape[0]
            start = end
            end = add
            # line 381: parts.append(g[start:end])
            t_g_i = indexable(t_g)[start:add]
            parts.append(g[start:add])
            t_parts.append(t_g_i)
        # line 382: parts.append(g[end:])
        t_g_i1 = indexable(t_g)[end:]
        parts.append(g[end:])
        t_parts.append(t_g_i1)
        # line 383: return parts
        _retval = parts
        t_retval = t_parts
    else:
        slice1 = slice(None)
        ndim = g.ndim
        lead = repeat_sequence((slice1,), axis % ndim)
        # line 385: parts, end = [], 0
        items2 = []
        parts = items2
        end = 0
        n1 = loop_len(heads)
        t_parts = zeros_tree(items2)
        for k1 in range(n1):
            a = heads[k1]
            shape1 = a.shape
            add1 = end + shape1[axis]
            start = end
            end = add1
            # line 388: parts.append(g[lead + (slice(start, end),)])
            slice2 = slice(start, add1)
            add2 = lead + (slice2,)
            t_g_i2 = indexable(t_g)[add2]
            parts.append(g[add2])
            t_parts.append(t_g_i2)
        # line 389: parts.append(g[lead + (slice(end, None),)])
        slice3 = slice(end, None)
        add3 = lead + (slice3,)
        t_g_i3 = indexable(t_g)[add3]
        parts.append(g[add3])
        t_parts.append(t_g_i3)
        # line 390: return parts
        _retval = parts
        t_retval = t_parts
    return _retval, t_retval


def jvp_unstack_like2(g, obj, tangents):
    t_g = tangents[0]
    t_obj = tangents[1]
    isinstance1 = isinstance(obj, (list, tuple))
    if isinstance1:
        # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
        items1 = []
        t_items1 = []
        n = loop_len(obj)
        for i in range(n):
            # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
            o = obj[i]
            t_o = indexable(t_obj)[i]
            t_g_i = indexable(t_g)[i, ...]
            unstack_like1, t_unstack_like1 = jvp_unstack_like2(g[i, ...], o,
                tangents=(t_g_i, t_o))
            items1.append(unstack_like1)
            t_items1 = list(t_items1)
            t_items1.append(t_unstack_like1)
            t_g = t_items1 if g is items1 else t_g
        # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
        _retval = items1
        t_retval = t_items1
    else:
        # line 580: return g
        _retval = g
        t_retval = t_g
    return _retval, t_retval


def jvp_unstack_like1(g, obj, tangents):
    t_g = tangents[0]
    t_obj = tangents[1]
    isinstance1 = isinstance(obj, (list, tuple))
    if isinstance1:
        # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
        items1 = []
        t_items1 = []
        n = loop_len(obj)
        for i in range(n):
            # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
            o = obj[i]
            t_o = np.asarray(t_obj)[i]
            t_g_i = indexable(t_g)[i, ...]
            unstack_like1, t_unstack_like1 = jvp_unstack_like2(g[i, ...], o,
                tangents=(t_g_i, t_o))
            items1.append(unstack_like1)
            t_items1 = list(t_items1)
            t_items1.append(t_unstack_like1)
            t_g = t_items1 if g is items1 else t_g
        # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
        _retval = items1
        t_retval = t_items1
    else:
        # line 580: return g
        _retval = g
        t_retval = t_g
    return _retval, t_retval


def jvp_unstack_like(g, obj, tangents):
    t_g = tangents[0]
    t_obj = tangents[1]
    isinstance1 = isinstance(obj, (list, tuple))
    if isinstance1:
        # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
        items1 = []
        t_items1 = []
        n = len(obj)
        for i in range(n):
            # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
            o = obj[i]
            t_o = t_obj[i]
            t_g_i = indexable(t_g)[i, ...]
            unstack_like1, t_unstack_like1 = jvp_unstack_like1(g[i, ...], o,
                tangents=(t_g_i, t_o))
            items1.append(unstack_like1)
            t_items1 = list(t_items1)
            t_items1.append(t_unstack_like1)
            t_g = t_items1 if g is items1 else t_g
        # line 578: return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
        _retval = items1
        t_retval = t_items1
    else:
        # line 580: return g
        _retval = g
        t_retval = t_g
    return _retval, t_retval


def jvp_grad_rebound_floats(x, s, grad_ys=None, tangents=None):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 2: v = np.array(x, dtype=float)
    v = np.array(x, dtype=float)
    t_v = stack_tangents(t_x, x)
    # line 3: mul = s * 2.0
    mul = s * 2.0
    t_mul = broadcast_like(t_s * 2.0, mul)
    # line 4: a = mul + v[0]
    a = mul + v[0]
    t_a = broadcast_like(t_mul, a) + broadcast_like(t_v[0], a)
    n = len(v)
    floordiv = n // 2
    # line 7: v_i1 = v[floordiv]
    v_i1 = v[floordiv]
    t_v_i1 = t_v[floordiv]
    # line 9: b = mul * v_i1
    b = mul * v_i1
    t_b = broadcast_like(t_mul * v_i1, b) + broadcast_like(mul * t_v_i1, b)
    # line 10: d = a * b
    d = a * b
    t_d = broadcast_like(t_a * b, d) + broadcast_like(a * t_b, d)
    # line 11: cumsum = np.cumsum(v)
    cumsum = np.cumsum(v)
    t_cumsum = np.cumsum(t_v, None)
    # line 12: item_i = cumsum[1:]
    item_i = cumsum[1:]
    t_item_i = t_cumsum[1:]
    # line 13: items = [item_i, v[:1]]
    t_v_i2 = t_v[:1]
    items = [item_i, v[:1]]
    t_items = [t_item_i, t_v_i2]
    # line 14: concatenate = np.concatenate(items)
    concatenate = np.concatenate(items)
    t_concatenate = np.concatenate(fill_zeros(t_items, items), axis=0)
    n1 = len(concatenate)
    b_add = scalar_seed(grad_ys)
    # line 20: b_a = b_add * b
    b_a = b_add * b
    t_b_a = broadcast_like(b_add * t_b, b_a)
    # line 21: b_b = a * b_add
    b_b = a * b_add
    t_b_b = broadcast_like(t_a * b_add, b_b)
    b_concatenate = np.zeros_like(concatenate)
    b_d = 0.0
    range1 = range(n1)
    n2 = len(range1)
    last = n2 - 1
    t_b_concatenate = zeros_tree(b_concatenate)
    t_b_d = zeros_tree(b_d)
    for k1 in range(last, -1, -1):
        k = range1[k1]
        # line 27: b_e = b_c * d
        b_e = b_add * d
        t_b_e = broadcast_like(b_add * t_d, b_e)
        # line 28: b_d = b_d + concatenate[k] * b_c
        mul1 = concatenate[k] * b_add
        t_mul1 = broadcast_like(t_concatenate[k] * b_add, mul1)
        b_d = b_d + mul1
        t_b_d = broadcast_like(t_b_d, b_d) + broadcast_like(t_mul1, b_d)
        # line 30: b_concatenate = index_add(b_concatenate, concatenate, k, b_e)
        b_concatenate = index_add(b_concatenate, concatenate, k, b_e)
        t_b_concatenate = t_b_concatenate + index_add(None, concatenate, k,
            t_b_e)
    # line 32: pieces = split_rest(b_concatenate, (item_i,), 0)
    t_items1 = t_item_i,
    pieces, t_pieces = jvp_split_rest(b_concatenate, (item_i,), 0, tangents
        =(t_b_concatenate, t_items1))
    # line 33: b_item_i = pieces[0]
    b_item_i = pieces[0]
    t_b_item_i = item_grad(t_pieces, 0, b_item_i)
    # line 34: b_v_i2 = pieces[1]
    b_v_i2 = pieces[1]
    t_b_v_i2 = item_grad(t_pieces, 1, b_v_i2)
    # line 35: b_v = index_add(None, v, slice(None, 1, None), b_v_i2)
    slice1 = slice(None, 1, None)
    b_v = index_add(None, v, slice1, b_v_i2)
    t_b_v = index_add(None, v, slice1, filled(t_b_v_i2, b_v_i2))
    # line 36: b_cumsum = index_add(None, cumsum, slice(1, None, None), b_item_i)
    slice2 = slice(1, None, None)
    b_cumsum = index_add(None, cumsum, slice2, b_item_i)
    t_b_cumsum = index_add(None, cumsum, slice2, filled(t_b_item_i, b_item_i))
    # line 37: b_v += np.reshape(np.flip(np.cumsum(np.flip(b_cumsum, None), None),
    flip = np.flip(b_cumsum, None)
    t_flip = np.flip(t_b_cumsum, None)
    cumsum1 = np.cumsum(flip, None)
    t_cumsum1 = np.cumsum(t_flip, None)
    flip1 = np.flip(cumsum1, None)
    t_flip1 = np.flip(t_cumsum1, None)
    shape = np.shape(v)
    reshape = np.reshape(flip1, shape)
    t_reshape = np.reshape(t_flip1, np.shape(reshape))
    b_v = b_v + reshape
    t_b_v = broadcast_like(t_b_v, b_v) + broadcast_like(t_reshape, b_v)
    # line 40: b_mul1 = b_d + b_c
    b_mul1 = b_d + b_add
    t_b_mul1 = broadcast_like(t_b_d, b_mul1)
    # line 41: b_a = b_a + b_mul1 * b
    mul2 = b_mul1 * b
    t_mul2 = broadcast_like(t_b_mul1 * b, mul2) + broadcast_like(b_mul1 *
        t_b, mul2)
    b_a = b_a + mul2
    t_b_a = broadcast_like(t_b_a, b_a) + broadcast_like(t_mul2, b_a)
    # line 42: b_b = b_b + a * b_mul1
    mul3 = a * b_mul1
    t_mul3 = broadcast_like(t_a * b_mul1, mul3) + broadcast_like(a *
        t_b_mul1, mul3)
    b_b = b_b + mul3
    t_b_b = broadcast_like(t_b_b, b_b) + broadcast_like(t_mul3, b_b)
    # line 44: b_b_out = b_b
    b_b_out = b_b
    t_b_b_out = t_b_b
    # line 45: b_b = b_b * v_i1
    _b_b_old1 = b_b
    b_b = b_b * v_i1
    t_b_b = broadcast_like(t_b_b * v_i1, b_b) + broadcast_like(_b_b_old1 *
        t_v_i1, b_b)
    # line 46: b_v = index_add(b_v, v, floordiv, _b1 * b_b_out)
    mul4 = mul * b_b_out
    t_mul4 = broadcast_like(t_mul * b_b_out, mul4) + broadcast_like(mul *
        t_b_b_out, mul4)
    b_v = index_add(b_v, v, floordiv, mul4)
    t_b_v = t_b_v + index_add(None, v, floordiv, t_mul4)
    # line 48: b_v = index_add(b_v, v, 0, b_a)
    b_v = index_add(b_v, v, 0, b_a)
    t_b_v = t_b_v + index_add(None, v, 0, t_b_a)
    # line 50: b_s = (b_b + b_a) * 2.0
    add = b_b + b_a
    t_add = broadcast_like(t_b_b, add) + broadcast_like(t_b_a, add)
    b_s = add * 2.0
    t_b_s = broadcast_like(t_add * 2.0, b_s)
    # line 52: b_x = unstack_like(b_v, x)
    b_x, t_b_x = jvp_unstack_like(b_v, x, tangents=(t_b_v, t_x))
    # line 53: return finish(b_x, x, True, (grad_ys,)), finish(b_s, s, True)
    items2 = grad_ys,
    finish1 = finish(b_x, x, True, items2)
    t_finish1 = finish(t_b_x, x, True, items2)
    finish2 = finish(b_s, s, True)
    t_finish2 = finish(t_b_s, s, True, None)
    return (finish1, finish2), (t_finish1, t_finish2)
