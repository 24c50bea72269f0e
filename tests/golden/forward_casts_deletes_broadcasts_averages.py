def jvp_astype(x, dtype, copy=True, tangents=None):
    t_x = tangents[0]
    # line 34: return x.astype(dtype, copy=copy)
    float_dtype(dtype,
        'srcdiff/rules/array_composites.py:34: `return x.astype(dtype, copy=copy)`'
        )
    astype = x.astype(dtype, copy=copy)
    return astype, t_x


def jvp_delete(arr, obj, axis=None, tangents=None):
    t_arr = tangents[0]
    delete_index1 = delete_index(arr, obj, axis)
    unpacked1 = unpacked(delete_index1, 2)
    index = delete_index1[0]
    along = delete_index1[1]
    cmp = axis is None
    if cmp:
        # line 51: arr = np.ravel(arr)
        arr = np.ravel(arr)
        t_arr = np.reshape(t_arr, np.shape(arr))
    # line 52: return np.take(arr, index, axis=along)
    take = np.take(arr, index, axis=along)
    t_take = np.take(t_arr, index, axis=along, mode='raise')
    return take, t_take


def jvp_broadcast_arrays(args_0, args_1, tangents):
    t_args_0 = tangents[0]
    t_args_1 = tangents[1]
    # line 61: def broadcast_arrays(*args):
    args = args_0, args_1
    t_args = t_args_0, t_args_1
    shape = broadcast_shape(args_0, args_1)
    # line 63: out = []
    out = []
    t_out = []
    # line 64: for a in args:
    n = len(args)
    for k in range(n):
        # line 64: for a in args:
        a = args[k]
        t_a = item_grad(t_args, k, a)
        # line 65: out.append(np.broadcast_to(a, shape))
        broadcast_to = np.broadcast_to(a, shape)
        t_broadcast_to = np.broadcast_to(filled(t_a, a), shape)
        out.append(broadcast_to)
        t_out.append(t_broadcast_to)
    # line 66: return tuple(out)
    tuple1 = tuple(out)
    t_tuple1 = sequence_tangent(t_out, out)
    return tuple1, t_tuple1


def jvp_average(a, axis, weights, returned, keepdims=False, tangents=None):
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


def jvp_casts_deletes_broadcasts_averages(x, tangents):
    t_x = tangents
    # line 1250: y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
    hasattr1 = hasattr(np, 'astype')
    if hasattr1:
        # line 1250: y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
        y1, t_y1 = jvp_astype(x=x, dtype=np.float64, tangents=(t_x,))
    else:
        # line 1250: y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
        y1 = x * 1.0
        t_y1 = broadcast_like(t_x * 1.0, y1)
    # line 1251: a, b = np.broadcast_arrays(np.delete(y, [0, 2], axis=1), x[:, :1] ** 2)
    items = [0, 2]
    delete1, t_delete1 = jvp_delete(y1, items, axis=1, tangents=(t_y1,))
    x_i = x[:, :1]
    t_x_i = t_x[:, :1]
    t_pow1 = t_x_i * 2.0 * x_i
    broadcast_arrays1, t_broadcast_arrays1 = jvp_broadcast_arrays(args_0=
        delete1, args_1=x_i ** 2, tangents=(t_delete1, t_pow1))
    unpacked1 = unpacked(broadcast_arrays1, 2)
    a = broadcast_arrays1[0]
    t_a = item_grad(t_broadcast_arrays1, 0, a)
    b = broadcast_arrays1[1]
    t_b = item_grad(t_broadcast_arrays1, 1, b)
    # line 1252: mean, total = np.average(x, axis=0, weights=np.exp(x[:, 0]), returned=True)
    t_x_i1 = t_x[:, 0]
    exp = np.exp(x[:, 0])
    t_exp = t_x_i1 * exp
    average1, t_average1 = jvp_average(a=x, axis=0, weights=exp, returned=
        True, tangents=(t_x, t_exp))
    unpacked2 = unpacked(average1, 2)
    mean = average1[0]
    t_mean = item_grad(t_average1, 0, mean)
    total = average1[1]
    t_total = item_grad(t_average1, 1, total)
    # line 1253: return np.sum(a * b) + np.sum(mean * total)
    mul = a * b
    t_mul = broadcast_like(t_a * b, mul) + broadcast_like(a * t_b, mul)
    sum1 = np.sum(mul)
    t_sum1 = np.sum(t_mul, axis=None, keepdims=False)
    mul1 = mean * total
    t_mul1 = broadcast_like(t_mean * total, mul1) + broadcast_like(mean *
        t_total, mul1)
    sum2 = np.sum(mul1)
    t_sum2 = np.sum(t_mul1, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    return add, t_add
