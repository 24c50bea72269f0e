def jvp_mapped_and_aliased(x, tangents):
    t_x = tangents
    # line 780: s = sum(map(lambda v: v * e(-v), list(x)))
    items = []
    t_items = []
    list1 = list(x)
    t_list1 = sequence_tangent(tangents, x)
    n = len(list1)
    for k in range(n):
        # line 780: s = sum(map(lambda v: v * e(-v), list(x)))
        v1 = list1[k]
        t_v1 = item_grad(t_list1, k, v1)
        exp = np.exp(-v1)
        mul = v1 * exp
        t_mul = broadcast_like(t_v1 * exp, mul) + broadcast_like(v1 * (-
            t_v1 * exp), mul)
        items.append(mul)
        t_items.append(t_mul)
    # line 780: s = sum(map(lambda v: v * e(-v), list(x)))
    s = sum(items)
    t_s = broadcast_like(sum(fill_zeros(t_items, items)), s)
    # line 781: for y in map(np.sin, x[::-1]):
    x_i = x[::-1]
    t_x_i = t_x[::-1]
    n1 = len(x_i)
    for k1 in range(n1):
        # line 781: for y in map(np.sin, x[::-1]):
        item = x_i[k1]
        y = np.sin(item)
        t_y = t_x_i[k1] * np.cos(item)
        # line 782: s = s * 0.5 + y
        mul1 = s * 0.5
        t_mul1 = broadcast_like(t_s * 0.5, mul1)
        s = mul1 + y
        t_s = broadcast_like(t_mul1, s) + broadcast_like(t_y, s)
    return s, t_s
