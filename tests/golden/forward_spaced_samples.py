def jvp_logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
    axis=0, tangents=None):
    t_start = tangents[0]
    t_stop = tangents[1]
    logspace_shapes1 = logspace_shapes(start, stop, base)
    unpacked1 = unpacked(logspace_shapes1, 3)
    first = logspace_shapes1[0]
    last = logspace_shapes1[1]
    along = logspace_shapes1[2]
    # line 97: y = np.linspace(np.reshape(start, first), np.reshape(stop, last), num=num,
    reshape = np.reshape(start, first)
    t_reshape = np.reshape(t_start, np.shape(reshape))
    reshape1 = np.reshape(stop, last)
    t_reshape1 = np.reshape(t_stop, np.shape(reshape1))
    y = np.linspace(reshape, reshape1, num=num, endpoint=endpoint, axis=axis)
    t_y = np.linspace(t_reshape, 0.0 * np.asarray(reshape1), num, endpoint,
        axis=axis) + np.linspace(0.0 * np.asarray(reshape), t_reshape1, num,
        endpoint, axis=axis)
    # line 99: out = np.power(np.expand_dims(np.reshape(base, along), axis), y)
    reshape2 = np.reshape(base, along)
    expand_dims = np.expand_dims(reshape2, axis)
    out = np.power(expand_dims, y)
    t_out = broadcast_like(t_y * out * np.log(np.where(expand_dims > 0,
        expand_dims, 1.0)), out)
    cmp = dtype is not None
    if cmp:
        # line 101: out = out.astype(dtype)
        float_dtype(dtype,
            'srcdiff/rules/array_composites.py:101: `out = out.astype(dtype)`')
        out = out.astype(dtype)
    return out, t_out


def jvp_logspace1(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
    axis=0, tangents=None):
    t_start = tangents[0]
    t_stop = tangents[1]
    logspace_shapes1 = logspace_shapes(start, stop, base)
    unpacked1 = unpacked(logspace_shapes1, 3)
    first = logspace_shapes1[0]
    last = logspace_shapes1[1]
    along = logspace_shapes1[2]
    # line 97: y = np.linspace(np.reshape(start, first), np.reshape(stop, last), num=num,
    reshape = np.reshape(start, first)
    t_reshape = np.reshape(t_start, np.shape(reshape))
    reshape1 = np.reshape(stop, last)
    t_reshape1 = np.reshape(t_stop, np.shape(reshape1))
    y = np.linspace(reshape, reshape1, num=num, endpoint=endpoint, axis=axis)
    t_y = np.linspace(t_reshape, 0.0 * np.asarray(reshape1), num, endpoint,
        axis=axis) + np.linspace(0.0 * np.asarray(reshape), t_reshape1, num,
        endpoint, axis=axis)
    # line 99: out = np.power(np.expand_dims(np.reshape(base, along), axis), y)
    reshape2 = np.reshape(base, along)
    expand_dims = np.expand_dims(reshape2, axis)
    out = np.power(expand_dims, y)
    t_out = broadcast_like(t_y * out * np.log(np.where(expand_dims > 0,
        expand_dims, 1.0)), out)
    cmp = dtype is not None
    if cmp:
        # line 101: out = out.astype(dtype)
        float_dtype(dtype,
            'srcdiff/rules/array_composites.py:101: `out = out.astype(dtype)`')
        out = out.astype(dtype)
    return out, t_out


def jvp_geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0,
    tangents=None):
    t_start = tangents[0]
    t_stop = tangents[1]
    # line 122: start = np.asarray(start) * 1.0
    asarray = np.asarray(start)
    t_asarray = stack_tangents(t_start, start)
    start = asarray * 1.0
    t_start = broadcast_like(t_asarray * 1.0, start)
    # line 123: stop = np.asarray(stop) * 1.0
    asarray1 = np.asarray(stop)
    t_asarray1 = stack_tangents(t_stop, stop)
    stop = asarray1 * 1.0
    t_stop = broadcast_like(t_asarray1 * 1.0, stop)
    geomspace_ends1 = geomspace_ends(start, stop, num, endpoint)
    unpacked1 = unpacked(geomspace_ends1, 3)
    sign = geomspace_ends1[0]
    first = geomspace_ends1[1]
    last = geomspace_ends1[2]
    # line 125: out = np.logspace(np.log10(start / sign), np.log10(stop / sign), num=num, endpoint=endpoint)
    div = start / sign
    t_div = broadcast_like(t_start / sign, div)
    log10 = np.log10(div)
    t_log10 = t_div / (div * np.log(10.0))
    div1 = stop / sign
    t_div1 = broadcast_like(t_stop / sign, div1)
    log101 = np.log10(div1)
    t_log101 = t_div1 / (div1 * np.log(10.0))
    out, t_out = jvp_logspace1(log10, log101, num=num, endpoint=endpoint,
        tangents=(t_log10, t_log101))
    # line 126: out = np.where(first, start / sign, np.where(last, stop / sign, out)) * sign
    div2 = start / sign
    t_div2 = broadcast_like(t_start / sign, div2)
    div3 = stop / sign
    t_div3 = broadcast_like(t_stop / sign, div3)
    where = np.where(last, div3, out)
    t_where = broadcast_like(np.where(last, t_div3, 0.0), where
        ) + broadcast_like(np.where(last, 0.0, t_out), where)
    where1 = np.where(first, div2, where)
    t_where1 = broadcast_like(np.where(first, t_div2, 0.0), where1
        ) + broadcast_like(np.where(first, 0.0, t_where), where1)
    out = where1 * sign
    t_out = broadcast_like(t_where1 * sign, out)
    cmp = axis != 0
    if cmp:
        # line 128: out = np.moveaxis(out, 0, axis)
        out = np.moveaxis(out, 0, axis)
        t_out = np.moveaxis(t_out, 0, axis)
    cmp1 = dtype is not None
    if cmp1:
        # line 130: out = out.astype(dtype)
        float_dtype(dtype,
            'srcdiff/rules/array_composites.py:130: `out = out.astype(dtype)`')
        out = out.astype(dtype)
    return out, t_out


def jvp_spaced_samples(x, tangents):
    # line 1257: return (np.sum(np.logspace(x[0], x[1], 4, base=2.0) ** 2)
    logspace1, t_logspace1 = jvp_logspace(x[0], x[1], 4, base=2.0, tangents
        =(tangents[0], tangents[1]))
    t_pow1 = t_logspace1 * 2.0 * logspace1
    sum1 = np.sum(logspace1 ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    t_x_i3 = tangents[2:]
    geomspace1, t_geomspace1 = jvp_geomspace(x[1], x[2:], 3, axis=-1,
        tangents=(tangents[1], t_x_i3))
    sum2 = np.sum(geomspace1)
    t_sum2 = np.sum(t_geomspace1, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    return add, t_add
