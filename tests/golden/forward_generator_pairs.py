def jvp_generator_pairs(x, tangents):
    t_x = tangents
    # line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    items = []
    t_items = []
    # line 846: for j in range(len(w) - 1):
    pairs_yielded = []
    t_pairs_yielded = []
    n = len(x)
    sub = n - 1
    for pairs_j in range(sub):
        # line 847: yield w[j], w[j + 1]
        add = pairs_j + 1
        t_items1 = t_x[pairs_j], t_x[add]
        pairs_yielded.append((x[pairs_j], x[add]))
        t_pairs_yielded.append(t_items1)
    # line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    n1 = loop_len(pairs_yielded)
    for k in range(n1):
        # line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
        pairs_yielded_i = pairs_yielded[k]
        t_pairs_yielded_i = item_grad(t_pairs_yielded, k, pairs_yielded_i)
        unpacked1 = unpacked(pairs_yielded_i, 2)
        a = pairs_yielded_i[0]
        t_a = item_grad(t_pairs_yielded_i, 0, a)
        b = pairs_yielded_i[1]
        t_b = item_grad(t_pairs_yielded_i, 1, b)
        mul = a * b
        t_mul = broadcast_like(t_a * b, mul) + broadcast_like(a * t_b, mul)
        items.append(mul)
        t_items.append(t_mul)
    # line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    sum1 = sum(items)
    t_sum1 = broadcast_like(sum(fill_zeros(t_items, items)), sum1)
    items2 = []
    t_items2 = []
    # line 846: for j in range(len(w) - 1):
    pairs_yielded1 = []
    t_pairs_yielded1 = []
    n2 = len(x)
    sub1 = n2 - 1
    for pairs_j1 in range(sub1):
        # line 847: yield w[j], w[j + 1]
        add1 = pairs_j1 + 1
        t_items3 = t_x[pairs_j1], t_x[add1]
        pairs_yielded1.append((x[pairs_j1], x[add1]))
        t_pairs_yielded1.append(t_items3)
    # line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    n3 = loop_len(pairs_yielded1)
    for k1 in range(n3):
        # line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
        pairs_yielded1_i = pairs_yielded1[k1]
        t_pairs_yielded1_i = item_grad(t_pairs_yielded1, k1, pairs_yielded1_i)
        unpacked2 = unpacked(pairs_yielded1_i, 2)
        a = pairs_yielded1_i[0]
        t_a = item_grad(t_pairs_yielded1_i, 0, a)
        sin = np.sin(a)
        t_sin = t_a * np.cos(a)
        items2.append(sin)
        t_items2.append(t_sin)
    # line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    max1 = max(items2)
    t_max1 = extreme_tangent([t_items2], max1, (items2,))
    add2 = sum1 + max1
    t_add2 = broadcast_like(t_sum1, add2) + broadcast_like(t_max1, add2)
    return add2, t_add2
