def jvp_rebound_floats(x, s, tangents):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 566: v = np.array(x, dtype=float)
    v = np.array(x, dtype=float)
    t_v = stack_tangents(t_x, x)
    # line 567: a = b = s * 2.0
    mul = s * 2.0
    t_mul = broadcast_like(t_s * 2.0, mul)
    # line 568: a += v[0]
    a = mul + v[0]
    t_a = broadcast_like(t_mul, a) + broadcast_like(t_v[0], a)
    # line 569: b *= v[len(v) // 2]
    n = len(v)
    floordiv = n // 2
    v_i1 = v[floordiv]
    b = mul * v_i1
    t_b = broadcast_like(t_mul * v_i1, b) + broadcast_like(mul * t_v[
        floordiv], b)
    # line 570: c = d = a * b
    mul1 = a * b
    t_mul1 = broadcast_like(t_a * b, mul1) + broadcast_like(a * t_b, mul1)
    c = mul1
    t_c = t_mul1
    d = mul1
    t_d = t_mul1
    # line 571: for e in np.concatenate([np.cumsum(v)[1:], v[:1]]):
    cumsum = np.cumsum(v)
    t_cumsum = np.cumsum(t_v, None)
    t_item_i = t_cumsum[1:]
    t_v_i2 = t_v[:1]
    items = [cumsum[1:], v[:1]]
    t_items = [t_item_i, t_v_i2]
    concatenate = np.concatenate(items)
    t_concatenate = np.concatenate(fill_zeros(t_items, items), axis=0)
    n1 = len(concatenate)
    for k in range(n1):
        # line 571: for e in np.concatenate([np.cumsum(v)[1:], v[:1]]):
        e = concatenate[k]
        t_e = t_concatenate[k]
        # line 572: c += e * d
        mul2 = e * d
        t_mul2 = broadcast_like(t_e * d, mul2) + broadcast_like(e * t_d, mul2)
        c = c + mul2
        t_c = broadcast_like(t_c, c) + broadcast_like(t_mul2, c)
    # line 573: return a * b + c
    mul3 = a * b
    t_mul3 = broadcast_like(t_a * b, mul3) + broadcast_like(a * t_b, mul3)
    add = mul3 + c
    t_add = broadcast_like(t_mul3, add) + broadcast_like(t_c, add)
    return add, t_add
