def jvp_max_from(a, axis=None, out=None, keepdims=False, initial=None,
    where=True, tangents=None):
    t_a = tangents[0]
    t_initial = tangents[1]
    # line 41: c = cast_like(np.reshape(initial, ()), a)
    reshape = np.reshape(initial, ())
    t_reshape = np.reshape(t_initial, np.shape(reshape))
    c = cast_like(reshape, a)
    t_c = np.reshape(cast_tangent(t_reshape, c), np.shape(c))
    # line 42: top = np.max(np.where(where, a, extreme_fill(a, -1)), axis=axis_without_out(axis, out),
    extreme_fill1 = extreme_fill(a, -1)
    where1 = np.where(where, a, extreme_fill1)
    t_where1 = broadcast_like(np.where(where, t_a, 0.0), where1)
    axis_without_out1 = axis_without_out(axis, out)
    top = np.max(where1, axis=axis_without_out1, keepdims=keepdims)
    t_top = np.sum(t_where1 * reduce_mask(where1, top, axis_without_out1,
        keepdims), axis=axis_without_out1, keepdims=keepdims)
    # line 44: return np.maximum(top, c)
    maximum = np.maximum(top, c)
    t_maximum = broadcast_like(t_top * ((top > c) + 0.5 * (top == c)), maximum
        ) + broadcast_like(t_c * ((c > top) + 0.5 * (top == c)), maximum)
    return maximum, t_maximum


def jvp_pad_with(array, pad_width, mode='constant', constant_values=0,
    tangents=None):
    t_array = tangents[0]
    t_constant_values = tangents[1]
    # line 543: a = np.asarray(array)
    a = np.asarray(array)
    t_a = stack_tangents(t_array, array)
    cmp = mode != 'constant'
    if cmp:
        raise ValueError(
            f"unsupported keyword arguments for mode '{mode}': {{'constant_values'}}"
            )
    asarray = np.asarray(pad_width, dtype=int)
    ndim = a.ndim
    widths = np.broadcast_to(asarray, (ndim, 2))
    # line 547: values = np.broadcast_to(cast_like(np.asarray(constant_values), a), (a.ndim, 2))
    asarray1 = np.asarray(constant_values)
    t_asarray1 = stack_tangents(t_constant_values, constant_values)
    cast_like1 = cast_like(asarray1, a)
    t_cast_like1 = np.reshape(cast_tangent(t_asarray1, cast_like1), np.
        shape(cast_like1))
    ndim1 = a.ndim
    items1 = ndim1, 2
    values = np.broadcast_to(cast_like1, items1)
    t_values = np.broadcast_to(t_cast_like1, items1)
    ndim2 = a.ndim
    for axis in range(ndim2):
        # line 549: before = np.broadcast_to(values[axis, 0], pad_edge_shape(a, axis, widths[axis, 0]))
        values_i = values[axis, 0]
        t_values_i = indexable(t_values)[axis, 0]
        pad_edge_shape1 = pad_edge_shape(a, axis, widths[axis, 0])
        before = np.broadcast_to(values_i, pad_edge_shape1)
        t_before = np.broadcast_to(t_values_i, pad_edge_shape1)
        # line 550: after = np.broadcast_to(values[axis, 1], pad_edge_shape(a, axis, widths[axis, 1]))
        values_i1 = values[axis, 1]
        t_values_i1 = indexable(t_values)[axis, 1]
        pad_edge_shape2 = pad_edge_shape(a, axis, widths[axis, 1])
        after = np.broadcast_to(values_i1, pad_edge_shape2)
        t_after = np.broadcast_to(t_values_i1, pad_edge_shape2)
        # line 551: a = np.concatenate([before, a, after], axis=axis)
        items2 = [before, a, after]
        t_items2 = [t_before, t_a, t_after]
        a = np.concatenate(items2, axis=axis)
        t_a = np.concatenate(fill_zeros(t_items2, items2), axis=axis)
    return a, t_a


def jvp_computed_options(x, tangents):
    # line 911: top = np.max(x, axis=0, initial=x[0, 0] * 0.5)
    mul = x[0, 0] * 0.5
    t_mul = broadcast_like(tangents[0, 0] * 0.5, mul)
    top, t_top = jvp_max_from(x, axis=0, initial=mul, tangents=(tangents,
        t_mul))
    # line 912: band = np.pad(x, ((1, 0), (0, 2)), constant_values=np.tanh(x[1, 1]))
    tanh = np.tanh(x[1, 1])
    t_tanh = tangents[1, 1] * (1.0 - tanh * tanh)
    band, t_band = jvp_pad_with(x, ((1, 0), (0, 2)), constant_values=tanh,
        tangents=(tangents, t_tanh))
    # line 913: return np.sum(top ** 2) + np.sum(band * band[::-1]) + math.log(x[2, 2] ** 2 + 1.0,
    t_pow1 = t_top * 2.0 * top
    sum1 = np.sum(top ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    band_i = band[::-1]
    t_band_i = indexable(t_band)[::-1]
    mul1 = band * band_i
    t_mul1 = broadcast_like(t_band * band_i, mul1) + broadcast_like(band *
        t_band_i, mul1)
    sum2 = np.sum(mul1)
    t_sum2 = np.sum(t_mul1, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    x_i2 = x[2, 2]
    t_pow2 = tangents[2, 2] * 2.0 * x_i2
    add1 = x_i2 ** 2 + 1.0
    t_add1 = broadcast_like(t_pow2, add1)
    add2 = x[0, 2] + 3.0
    t_add2 = broadcast_like(tangents[0, 2], add2)
    log = math.log(add1, add2)
    t_log = t_add1 / (add1 * math.log(add2)) + -(t_add2 * log) / (add2 *
        math.log(add2))
    add3 = add + log
    t_add3 = broadcast_like(t_add, add3) + broadcast_like(t_log, add3)
    return add3, t_add3
