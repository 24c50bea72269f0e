def jvp_extended_list(x, tangents):
    t_x = tangents
    # line 1314: xs = [x[0]]
    xs = [x[0]]
    t_xs = [tangents[0]]
    # line 1315: xs.extend(v * 2.0 for v in x)
    unused = list_only(xs, 'extend')
    items2 = []
    t_items2 = []
    n = len(x)
    for k in range(n):
        # line 1315: xs.extend(v * 2.0 for v in x)
        v = x[k]
        t_v = t_x[k]
        mul = v * 2.0
        t_mul = broadcast_like(t_v * 2.0, mul)
        items2.append(mul)
        t_items2.append(t_mul)
    # line 1315: xs.extend(v * 2.0 for v in x)
    items = items2
    t_items = t_items2
    n1 = loop_len(items2)
    for k1 in range(n1):
        # line 1315: xs.extend(v * 2.0 for v in x)
        item = items[k1]
        t_item = item_grad(t_items, k1, item)
        xs.append(item)
        t_xs.append(t_item)
    # line 1316: xs.extend(xs)
    unused1 = list_only(xs, 'extend')
    items1 = list(xs)
    t_items1 = sequence_tangent(t_xs, xs)
    n2 = loop_len(items1)
    t_xs = list(t_xs) if isinstance(t_xs, list) else t_xs
    for k2 in range(n2):
        # line 1316: xs.extend(xs)
        item1 = items1[k2]
        t_item1 = item_grad(t_items1, k2, item1)
        xs.append(item1)
        t_xs.append(t_item1)
    # line 1317: return sum(v * (i + 1.0) for i, v in enumerate(xs))
    items3 = []
    t_items3 = []
    n3 = len(xs)
    for i in range(n3):
        # line 1317: return sum(v * (i + 1.0) for i, v in enumerate(xs))
        v = xs[i]
        t_v = item_grad(t_xs, i, v)
        add = i + 1.0
        mul1 = v * add
        t_mul1 = broadcast_like(t_v * add, mul1)
        items3.append(mul1)
        t_items3.append(t_mul1)
    # line 1317: return sum(v * (i + 1.0) for i, v in enumerate(xs))
    sum1 = sum(items3)
    t_sum1 = broadcast_like(sum(fill_zeros(t_items3, items3)), sum1)
    return sum1, t_sum1
