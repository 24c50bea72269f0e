def jvp_extreme_items_grad(g, ans, items, tangents):
    t_g = tangents[0]
    ties = tied_items(items, ans)
    ndarray = np.ndarray
    isinstance1 = isinstance(items, ndarray)
    if isinstance1:
        # line 383: return g * ties / max(float(np.sum(ties)), 1.0)
        mul = g * ties
        t_mul = broadcast_like(t_g * ties, mul)
        sum1 = np.sum(ties)
        float1 = float(sum1)
        max1 = max(float1, 1.0)
        _retval = mul / max1
        t_retval = broadcast_like(t_mul / max1, _retval)
    else:
        # line 384: share = g / max(sum(ties), 1.0)
        sum2 = sum(ties)
        max2 = max(sum2, 1.0)
        share = g / max2
        t_share = broadcast_like(t_g / max2, share)
        # line 385: return [t * share for t in ties]
        items1 = []
        t_items1 = []
        n = loop_len(ties)
        for k in range(n):
            # line 385: return [t * share for t in ties]
            t = ties[k]
            mul1 = t * share
            t_mul1 = broadcast_like(t * t_share, mul1)
            items1.append(mul1)
            t_items1.append(t_mul1)
        # line 385: return [t * share for t in ties]
        _retval = items1
        t_retval = t_items1
    return _retval, t_retval


def jvp_extreme_items_grad1(g, ans, items, tangents):
    t_g = tangents[0]
    ties = tied_items(items, ans)
    ndarray = np.ndarray
    isinstance1 = isinstance(items, ndarray)
    if isinstance1:
        # line 383: return g * ties / max(float(np.sum(ties)), 1.0)
        mul = g * ties
        t_mul = broadcast_like(t_g * ties, mul)
        sum1 = np.sum(ties)
        float1 = float(sum1)
        max1 = max(float1, 1.0)
        _retval = mul / max1
        t_retval = broadcast_like(t_mul / max1, _retval)
    else:
        # line 384: share = g / max(sum(ties), 1.0)
        sum2 = sum(ties)
        max2 = max(sum2, 1.0)
        share = g / max2
        t_share = broadcast_like(t_g / max2, share)
        # line 385: return [t * share for t in ties]
        items1 = []
        t_items1 = []
        n = loop_len(ties)
        for k in range(n):
            # line 385: return [t * share for t in ties]
            t = ties[k]
            mul1 = t * share
            t_mul1 = broadcast_like(t * t_share, mul1)
            items1.append(mul1)
            t_items1.append(t_mul1)
        # line 385: return [t * share for t in ties]
        _retval = items1
        t_retval = t_items1
    return _retval, t_retval


def jvp_extreme_grads(g, ans, args, tangents):
    t_g = tangents[0]
    t_ans = tangents[1]
    t_args = tangents[2]
    n = len(args)
    cond = n == 1
    if cond:
        cond = isinstance(args[0], dict)
    if cond:
        # line 374: return [None]
        _retval = [None]
        t_retval = [None]
    else:
        n1 = len(args)
        cmp = n1 == 1
        if cmp:
            # line 376: return [extreme_items_grad(g, ans, args[0])]
            args_i1 = args[0]
            t_args_i1 = item_grad(t_args, 0, args_i1)
            extreme_items_grad1, t_extreme_items_grad1 = (
                jvp_extreme_items_grad(g, ans, args_i1, tangents=(t_g,
                t_ans, t_args_i1)))
            _retval = [extreme_items_grad1]
            t_retval = [t_extreme_items_grad1]
        else:
            # line 377: return extreme_items_grad(g, ans, args)
            _retval, t_retval = jvp_extreme_items_grad1(g, ans, args,
                tangents=(t_g, t_ans, t_args))
    return _retval, t_retval


def jvp_extreme_items_grad2(g, ans, items, tangents):
    t_g = tangents[0]
    ties = tied_items(items, ans)
    ndarray = np.ndarray
    isinstance1 = isinstance(items, ndarray)
    if isinstance1:
        # line 383: return g * ties / max(float(np.sum(ties)), 1.0)
        mul = g * ties
        t_mul = broadcast_like(t_g * ties, mul)
        sum1 = np.sum(ties)
        float1 = float(sum1)
        max1 = max(float1, 1.0)
        _retval = mul / max1
        t_retval = broadcast_like(t_mul / max1, _retval)
    else:
        # line 384: share = g / max(sum(ties), 1.0)
        sum2 = sum(ties)
        max2 = max(sum2, 1.0)
        share = g / max2
        t_share = broadcast_like(t_g / max2, share)
        # line 385: return [t * share for t in ties]
        items1 = []
        t_items1 = []
        n = loop_len(ties)
        for k in range(n):
            # line 385: return [t * share for t in ties]
            t = ties[k]
            mul1 = t * share
            t_mul1 = broadcast_like(t * t_share, mul1)
            items1.append(mul1)
            t_items1.append(t_mul1)
        # line 385: return [t * share for t in ties]
        _retval = items1
        t_retval = t_items1
    return _retval, t_retval


def jvp_extreme_items_grad3(g, ans, items, tangents):
    t_g = tangents[0]
    ties = tied_items(items, ans)
    ndarray = np.ndarray
    isinstance1 = isinstance(items, ndarray)
    if isinstance1:
        # line 383: return g * ties / max(float(np.sum(ties)), 1.0)
        mul = g * ties
        t_mul = broadcast_like(t_g * ties, mul)
        sum1 = np.sum(ties)
        float1 = float(sum1)
        max1 = max(float1, 1.0)
        _retval = mul / max1
        t_retval = broadcast_like(t_mul / max1, _retval)
    else:
        # line 384: share = g / max(sum(ties), 1.0)
        sum2 = sum(ties)
        max2 = max(sum2, 1.0)
        share = g / max2
        t_share = broadcast_like(t_g / max2, share)
        # line 385: return [t * share for t in ties]
        items1 = []
        t_items1 = []
        n = loop_len(ties)
        for k in range(n):
            # line 385: return [t * share for t in ties]
            t = ties[k]
            mul1 = t * share
            t_mul1 = broadcast_like(t * t_share, mul1)
            items1.append(mul1)
            t_items1.append(t_mul1)
        # line 385: return [t * share for t in ties]
        _retval = items1
        t_retval = t_items1
    return _retval, t_retval


def jvp_extreme_grads1(g, ans, args, tangents):
    t_g = tangents[0]
    t_ans = tangents[1]
    t_args = tangents[2]
    n = len(args)
    cond = n == 1
    if cond:
        cond = isinstance(args[0], dict)
    if cond:
        # line 374: return [None]
        _retval = [None]
        t_retval = [None]
    else:
        n1 = len(args)
        cmp = n1 == 1
        if cmp:
            # line 376: return [extreme_items_grad(g, ans, args[0])]
            args_i1 = args[0]
            t_args_i1 = item_grad(t_args, 0, args_i1)
            extreme_items_grad1, t_extreme_items_grad1 = (
                jvp_extreme_items_grad2(g, ans, args_i1, tangents=(t_g,
                t_ans, t_args_i1)))
            _retval = [extreme_items_grad1]
            t_retval = [t_extreme_items_grad1]
        else:
            # line 377: return extreme_items_grad(g, ans, args)
            _retval, t_retval = jvp_extreme_items_grad3(g, ans, args,
                tangents=(t_g, t_ans, t_args))
    return _retval, t_retval


def jvp_extreme_items_grad4(g, ans, items, tangents):
    t_g = tangents[0]
    ties = tied_items(items, ans)
    ndarray = np.ndarray
    isinstance1 = isinstance(items, ndarray)
    if isinstance1:
        # line 383: return g * ties / max(float(np.sum(ties)), 1.0)
        mul = g * ties
        t_mul = broadcast_like(t_g * ties, mul)
        sum1 = np.sum(ties)
        float1 = float(sum1)
        max1 = max(float1, 1.0)
        _retval = mul / max1
        t_retval = broadcast_like(t_mul / max1, _retval)
    else:
        # line 384: share = g / max(sum(ties), 1.0)
        sum2 = sum(ties)
        max2 = max(sum2, 1.0)
        share = g / max2
        t_share = broadcast_like(t_g / max2, share)
        # line 385: return [t * share for t in ties]
        items1 = []
        t_items1 = []
        n = loop_len(ties)
        for k in range(n):
            # line 385: return [t * share for t in ties]
            t = ties[k]
            mul1 = t * share
            t_mul1 = broadcast_like(t * t_share, mul1)
            items1.append(mul1)
            t_items1.append(t_mul1)
        # line 385: return [t * share for t in ties]
        _retval = items1
        t_retval = t_items1
    return _retval, t_retval


def jvp_extreme_items_grad5(g, ans, items, tangents):
    t_g = tangents[0]
    ties = tied_items(items, ans)
    ndarray = np.ndarray
    isinstance1 = isinstance(items, ndarray)
    if isinstance1:
        # line 383: return g * ties / max(float(np.sum(ties)), 1.0)
        mul = g * ties
        t_mul = broadcast_like(t_g * ties, mul)
        sum1 = np.sum(ties)
        float1 = float(sum1)
        max1 = max(float1, 1.0)
        _retval = mul / max1
        t_retval = broadcast_like(t_mul / max1, _retval)
    else:
        # line 384: share = g / max(sum(ties), 1.0)
        sum2 = sum(ties)
        max2 = max(sum2, 1.0)
        share = g / max2
        t_share = broadcast_like(t_g / max2, share)
        # line 385: return [t * share for t in ties]
        items1 = []
        t_items1 = []
        n = loop_len(ties)
        for k in range(n):
            # line 385: return [t * share for t in ties]
            t = ties[k]
            mul1 = t * share
            t_mul1 = broadcast_like(t * t_share, mul1)
            items1.append(mul1)
            t_items1.append(t_mul1)
        # line 385: return [t * share for t in ties]
        _retval = items1
        t_retval = t_items1
    return _retval, t_retval


def jvp_extreme_grads2(g, ans, args, tangents):
    t_g = tangents[0]
    t_ans = tangents[1]
    t_args = tangents[2]
    n = len(args)
    cond = n == 1
    if cond:
        cond = isinstance(args[0], dict)
    if cond:
        # line 374: return [None]
        _retval = [None]
        t_retval = [None]
    else:
        n1 = len(args)
        cmp = n1 == 1
        if cmp:
            # line 376: return [extreme_items_grad(g, ans, args[0])]
            args_i1 = args[0]
            t_args_i1 = item_grad(t_args, 0, args_i1)
            extreme_items_grad1, t_extreme_items_grad1 = (
                jvp_extreme_items_grad4(g, ans, args_i1, tangents=(t_g,
                t_ans, t_args_i1)))
            _retval = [extreme_items_grad1]
            t_retval = [t_extreme_items_grad1]
        else:
            # line 377: return extreme_items_grad(g, ans, args)
            _retval, t_retval = jvp_extreme_items_grad5(g, ans, args,
                tangents=(t_g, t_ans, t_args))
    return _retval, t_retval


def jvp_grad_max_by_key(x, s, grad_ys=None, tangents=None):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 2: v = np.tanh(x * s)
    mul = x * s
    t_mul = broadcast_like(t_x * s, mul) + broadcast_like(x * t_s, mul)
    v = np.tanh(mul)
    t_v = t_mul * (1.0 - v * v)
    # line 3: v_i = v[0]
    v_i = v[0]
    t_v_i = t_v[0]
    # line 4: mul1 = v_i * s
    mul1 = v_i * s
    t_mul1 = broadcast_like(t_v_i * s, mul1) + broadcast_like(v_i * t_s, mul1)
    # line 5: neg = -v[1]
    neg = -v[1]
    t_neg = -t_v[1]
    # line 6: items = [mul1, neg, s]
    items = [mul1, neg, s]
    t_items = [t_mul1, t_neg, t_s]
    # line 7: max1 = max(v, key=abs)
    max1 = max(v, key=abs)
    t_max1 = extreme_tangent([t_v], max1, (v,))
    # line 8: min1 = min(items, key=abs)
    min1 = min(items, key=abs)
    t_min1 = extreme_tangent([t_items], min1, (items,))
    # line 9: v_i2 = v[2]
    v_i2 = v[2]
    t_v_i2 = t_v[2]
    # line 10: v_i3 = v[3]
    v_i3 = v[3]
    t_v_i3 = t_v[3]
    # line 11: mul3 = s * v_i3
    mul3 = s * v_i3
    t_mul3 = broadcast_like(t_s * v_i3, mul3) + broadcast_like(s * t_v_i3, mul3
        )
    # line 12: max2 = max(v_i2, mul3, key=abs)
    max2 = max(v_i2, mul3, key=abs)
    t_max2 = extreme_tangent([t_v_i2, t_mul3], max2, (v_i2, mul3))
    b_add = scalar_seed(grad_ys)
    # line 16: b_min1 = b_add * max2
    b_min1 = b_add * max2
    t_b_min1 = broadcast_like(b_add * t_max2, b_min1)
    # line 17: parts = extreme_grads(min1 * b_add, max2, (v_i2, mul3))
    mul2 = min1 * b_add
    t_mul2 = broadcast_like(t_min1 * b_add, mul2)
    t_items1 = t_v_i2, t_mul3
    parts, t_parts = jvp_extreme_grads(mul2, max2, (v_i2, mul3), tangents=(
        t_mul2, t_max2, t_items1))
    # line 18: b_mul3 = parts[1]
    b_mul3 = parts[1]
    t_b_mul3 = item_grad(t_parts, 1, b_mul3)
    # line 19: b_v = index_add(None, v, 3, s * b_mul3)
    mul4 = s * b_mul3
    t_mul4 = broadcast_like(t_s * b_mul3, mul4) + broadcast_like(s *
        t_b_mul3, mul4)
    b_v = index_add(None, v, 3, mul4)
    t_b_v = index_add(None, v, 3, t_mul4)
    # line 20: b_v = index_add(b_v, v, 2, parts[0])
    parts_i = parts[0]
    t_parts_i = item_grad(t_parts, 0, parts_i)
    b_v = index_add(b_v, v, 2, parts_i)
    t_b_v = t_b_v + index_add(None, v, 2, filled(t_parts_i, parts_i))
    # line 21: parts1 = extreme_grads(b_min1, min1, (items,))
    t_items2 = t_items,
    parts1, t_parts1 = jvp_extreme_grads1(b_min1, min1, (items,), tangents=
        (t_b_min1, t_min1, t_items2))
    # line 22: b_items = parts1[0]
    b_items = parts1[0]
    t_b_items = item_grad(t_parts1, 0, b_items)
    # line 23: b_s = b_mul3 * v_i3 + b_add * max1
    mul5 = b_mul3 * v_i3
    t_mul5 = broadcast_like(t_b_mul3 * v_i3, mul5) + broadcast_like(b_mul3 *
        t_v_i3, mul5)
    mul6 = b_add * max1
    t_mul6 = broadcast_like(b_add * t_max1, mul6)
    b_s = mul5 + mul6
    t_b_s = broadcast_like(t_mul5, b_s) + broadcast_like(t_mul6, b_s)
    # line 24: parts2 = extreme_grads(s * b_add, max1, (v,))
    mul7 = s * b_add
    t_mul7 = broadcast_like(t_s * b_add, mul7)
    t_items3 = t_v,
    parts2, t_parts2 = jvp_extreme_grads2(mul7, max1, (v,), tangents=(
        t_mul7, t_max1, t_items3))
    # line 25: b_v += parts2[0]
    parts2_i = parts2[0]
    t_parts2_i = item_grad(t_parts2, 0, parts2_i)
    b_v = b_v + parts2_i
    t_b_v = broadcast_like(t_b_v, b_v) + broadcast_like(t_parts2_i, b_v)
    # line 27: b_mul1 = item_grad(b_items, 0, mul1)
    b_mul1 = item_grad(b_items, 0, mul1)
    t_b_mul1 = item_grad(t_b_items, 0, mul1)
    # line 28: b_neg = item_grad(b_items, 1, neg)
    b_neg = item_grad(b_items, 1, neg)
    t_b_neg = item_grad(t_b_items, 1, neg)
    # line 29: b_s = b_s + item_grad(b_items, 2, s)
    item_grad1 = item_grad(b_items, 2, s)
    t_item_grad1 = item_grad(t_b_items, 2, s)
    b_s = b_s + item_grad1
    t_b_s = broadcast_like(t_b_s, b_s) + broadcast_like(t_item_grad1, b_s)
    # line 30: b_v = index_add(b_v, v, 1, -b_neg)
    t_neg1 = -t_b_neg
    b_v = index_add(b_v, v, 1, -b_neg)
    t_b_v = t_b_v + index_add(None, v, 1, t_neg1)
    # line 31: b_s = b_s + v_i * b_mul1
    mul8 = v_i * b_mul1
    t_mul8 = broadcast_like(t_v_i * b_mul1, mul8) + broadcast_like(v_i *
        t_b_mul1, mul8)
    b_s = b_s + mul8
    t_b_s = broadcast_like(t_b_s, b_s) + broadcast_like(t_mul8, b_s)
    # line 32: b_v = index_add(b_v, v, 0, b_mul1 * s)
    mul9 = b_mul1 * s
    t_mul9 = broadcast_like(t_b_mul1 * s, mul9) + broadcast_like(b_mul1 *
        t_s, mul9)
    b_v = index_add(b_v, v, 0, mul9)
    t_b_v = t_b_v + index_add(None, v, 0, t_mul9)
    # line 34: b_mul = b_v * (1.0 - v * v)
    mul10 = v * v
    t_mul10 = 2.0 * broadcast_like(t_v * v, mul10)
    sub = 1.0 - mul10
    t_sub = -broadcast_like(t_mul10, sub)
    b_mul = b_v * sub
    t_b_mul = broadcast_like(t_b_v * sub, b_mul) + broadcast_like(b_v *
        t_sub, b_mul)
    # line 35: b_x = b_mul * s
    b_x = b_mul * s
    t_b_x = broadcast_like(t_b_mul * s, b_x) + broadcast_like(b_mul * t_s, b_x)
    # line 36: b_s = b_s + unbroadcast(x * b_mul, s)
    mul11 = x * b_mul
    t_mul11 = broadcast_like(t_x * b_mul, mul11) + broadcast_like(x *
        t_b_mul, mul11)
    unbroadcast1 = unbroadcast(mul11, s)
    t_unbroadcast1 = unbroadcast(t_mul11, s)
    b_s = b_s + unbroadcast1
    t_b_s = broadcast_like(t_b_s, b_s) + broadcast_like(t_unbroadcast1, b_s)
    # line 37: return finish(b_x, x, True), finish(b_s, s, True)
    finish1 = finish(b_x, x, True)
    t_finish1 = finish(t_b_x, x, True, None)
    finish2 = finish(b_s, s, True)
    t_finish2 = finish(t_b_s, s, True, None)
    return (finish1, finish2), (t_finish1, t_finish2)
