def jvp_sum_from(a, axis=None, dtype=None, out=None, keepdims=False,
    initial=0.0, where=True, tangents=None):
    t_a = tangents[0]
    t_initial = tangents[1]
    # line 493: s = np.sum(a, axis=axis_without_out(axis, out, dtype, a), keepdims=keepdims, where=where)
    axis_without_out1 = axis_without_out(axis, out, dtype, a)
    s = np.sum(a, axis=axis_without_out1, keepdims=keepdims, where=where)
    t_s = np.sum(t_a, axis=axis_without_out1, keepdims=keepdims, where=where)
    # line 494: return s + cast_like(np.reshape(initial, ()), s)
    reshape = np.reshape(initial, ())
    t_reshape = np.reshape(t_initial, np.shape(reshape))
    cast_like1 = cast_like(reshape, s)
    t_cast_like1 = np.reshape(cast_tangent(t_reshape, cast_like1), np.shape
        (cast_like1))
    add = s + cast_like1
    t_add = broadcast_like(t_s, add) + broadcast_like(t_cast_like1, add)
    return add, t_add


def jvp_diff_extended(a, n=1, axis=-1, prepend=None, append=None, tangents=None
    ):
    t_a = tangents[0]
    t_prepend = tangents[1]
    # line 568: a = np.asarray(a)
    _a_old = a
    a = np.asarray(a)
    t_a = stack_tangents(t_a, _a_old)
    cmp = prepend is not None
    if cmp:
        # line 570: edge = np.asarray(prepend)
        edge = np.asarray(prepend)
        t_edge = stack_tangents(t_prepend, prepend)
        # line 571: a = np.concatenate([np.broadcast_to(edge, diff_edge_shape(a, edge, axis)), a], axis=axis)
        diff_edge_shape1 = diff_edge_shape(a, edge, axis)
        broadcast_to = np.broadcast_to(edge, diff_edge_shape1)
        t_broadcast_to = np.broadcast_to(t_edge, diff_edge_shape1)
        items = [broadcast_to, a]
        t_items = [t_broadcast_to, t_a]
        a = np.concatenate(items, axis=axis)
        t_a = np.concatenate(fill_zeros(t_items, items), axis=axis)
    cmp1 = append is not None
    if cmp1:
        # line 573: edge = np.asarray(append)
        edge = np.asarray(append)
        # line 574: a = np.concatenate([a, np.broadcast_to(edge, diff_edge_shape(a, edge, axis))], axis=axis)
        diff_edge_shape2 = diff_edge_shape(a, edge, axis)
        broadcast_to1 = np.broadcast_to(edge, diff_edge_shape2)
        items1 = [a, broadcast_to1]
        t_items1 = [t_a, None]
        a = np.concatenate(items1, axis=axis)
        t_a = np.concatenate(fill_zeros(t_items1, items1), axis=axis)
    # line 575: return np.diff(a, n=n, axis=axis)
    diff = np.diff(a, n=n, axis=axis)
    t_diff = np.diff(t_a, n, axis)
    return diff, t_diff


def jvp_options_from_inputs(x, tangents):
    # line 868: s = np.sum(x ** 2, initial=x[0])
    t_pow1 = tangents * 2.0 * x
    s, t_s = jvp_sum_from(x ** 2, initial=x[0], tangents=(t_pow1, tangents[0]))
    # line 869: return s * np.sum(np.diff(x, prepend=x[3], append=0.5) ** 2)
    diff, t_diff = jvp_diff_extended(x, prepend=x[3], append=0.5, tangents=
        (tangents, tangents[3]))
    t_pow2 = t_diff * 2.0 * diff
    sum1 = np.sum(diff ** 2)
    t_sum1 = np.sum(t_pow2, axis=None, keepdims=False)
    mul = s * sum1
    t_mul = broadcast_like(t_s * sum1, mul) + broadcast_like(s * t_sum1, mul)
    return mul, t_mul
