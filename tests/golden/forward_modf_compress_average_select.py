def jvp_modf(x, tangents):
    t_x = tangents[0]
    whole = np.trunc(x)
    # line 292: return np.where(np.isinf(x), 0.0, x - whole), whole
    isinf = np.isinf(x)
    sub = x - whole
    t_sub = broadcast_like(t_x, sub)
    where = np.where(isinf, 0.0, sub)
    t_where = broadcast_like(np.where(isinf, 0.0, t_sub), where)
    return (where, whole), (t_where, zeros_tree(whole))


def jvp_compress(condition, a, axis=None, tangents=None):
    t_a = tangents[0]
    # line 306: return np.take(a, compress_index(condition), axis=axis)
    compress_index1 = compress_index(condition)
    take = np.take(a, compress_index1, axis=axis)
    t_take = np.take(t_a, compress_index1, axis=axis, mode='raise')
    return take, t_take


def jvp_average(a, weights, axis=None, returned=False, keepdims=False,
    tangents=None):
    t_a = tangents[0]
    t_weights = tangents[1]
    cmp = weights is None
    if cmp:
        # line 73: avg = np.mean(a, axis=axis, keepdims=keepdims)
        avg = np.mean(a, axis=axis, keepdims=keepdims)
        t_avg = np.mean(t_a, axis=axis, keepdims=keepdims)
        if returned:
            shape = np.shape(avg)
            size = np.size(a)
            size1 = np.size(avg)
            result_type = np.result_type(avg)
            scale = np.full(shape, size / size1, dtype=result_type)
            # line 76: return avg, scale
            _retval = avg, scale
            t_retval = t_avg, None
        else:
            # line 77: return avg
            _retval = avg
            t_retval = t_avg
    else:
        # line 78: w = np.reshape(weights, average_weights_shape(a, axis, weights))
        average_weights_shape1 = average_weights_shape(a, axis, weights)
        w = np.reshape(weights, average_weights_shape1)
        t_w = np.reshape(t_weights, np.shape(w))
        # line 79: total = np.sum(np.broadcast_to(w, np.shape(a)), axis=axis, keepdims=keepdims)
        shape1 = np.shape(a)
        broadcast_to = np.broadcast_to(w, shape1)
        t_broadcast_to = np.broadcast_to(t_w, shape1)
        total = np.sum(broadcast_to, axis=axis, keepdims=keepdims)
        t_total = np.sum(t_broadcast_to, axis=axis, keepdims=keepdims)
        # line 80: avg = np.sum(a * w, axis=axis, keepdims=keepdims) / total
        mul = a * w
        t_mul = broadcast_like(t_a * w, mul) + broadcast_like(a * t_w, mul)
        sum1 = np.sum(mul, axis=axis, keepdims=keepdims)
        t_sum1 = np.sum(t_mul, axis=axis, keepdims=keepdims)
        avg = sum1 / total
        t_avg = broadcast_like(t_sum1 / total, avg) - broadcast_like(
            t_total / total * avg, avg)
        if returned:
            # line 82: return avg, total
            _retval = avg, total
            t_retval = t_avg, t_total
        else:
            # line 83: return avg
            _retval = avg
            t_retval = t_avg
    return _retval, t_retval


def jvp_modf_compress_average_select(x, tangents):
    # line 795: frac, whole = np.modf(x * 1.7)
    mul = x * 1.7
    t_mul = broadcast_like(tangents * 1.7, mul)
    modf1, t_modf1 = jvp_modf(mul, tangents=(t_mul,))
    unpacked1 = unpacked(modf1, 2)
    frac = modf1[0]
    t_frac = item_grad(t_modf1, 0, frac)
    whole = modf1[1]
    t_whole = item_grad(t_modf1, 1, whole)
    # line 796: kept = np.compress([True, False, True, True], x)
    items = [True, False, True, True]
    kept, t_kept = jvp_compress(items, x, tangents=(tangents,))
    # line 797: mean = np.average(x ** 2, weights=np.exp(x))
    t_pow1 = tangents * 2.0 * x
    exp = np.exp(x)
    t_exp = tangents * exp
    mean, t_mean = jvp_average(a=x ** 2, weights=exp, tangents=(t_pow1, t_exp))
    # line 798: return np.sum(frac * whole) + np.sum(kept ** 2) * mean + np.sum(
    mul1 = frac * whole
    t_mul1 = broadcast_like(t_frac * whole, mul1) + broadcast_like(frac *
        t_whole, mul1)
    sum1 = np.sum(mul1)
    t_sum1 = np.sum(t_mul1, axis=None, keepdims=False)
    t_pow2 = t_kept * 2.0 * kept
    sum2 = np.sum(kept ** 2)
    t_sum2 = np.sum(t_pow2, axis=None, keepdims=False)
    mul2 = sum2 * mean
    t_mul2 = broadcast_like(t_sum2 * mean, mul2) + broadcast_like(sum2 *
        t_mean, mul2)
    add = sum1 + mul2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_mul2, add)
    cmp = x > 0.5
    items1 = [cmp]
    t_pow3 = tangents * 2.0 * x
    items2 = [x ** 2]
    t_items2 = [t_pow3]
    sin = np.sin(x)
    t_sin = tangents * np.cos(x)
    select = np.select(items1, items2, default=sin)
    t_select = add_tree(broadcast_like(np.select(items1, fill_zeros(
        t_items2, items2), 0.0), select), broadcast_like(np.where(any_of(
        items1, select), 0.0, t_sin), select))
    sum3 = np.sum(select)
    t_sum3 = np.sum(t_select, axis=None, keepdims=False)
    add1 = add + sum3
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum3, add1)
    return add1, t_add1
