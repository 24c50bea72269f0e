def fwd_logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
    axis=0):
    # names the record holds that a path may leave unbound
    _out1 = None
    logspace_shapes1 = logspace_shapes(start, stop, base)
    unpacked1 = unpacked(logspace_shapes1, 3)
    first = logspace_shapes1[0]
    last = logspace_shapes1[1]
    along = logspace_shapes1[2]
    reshape = np.reshape(start, first)
    reshape1 = np.reshape(stop, last)
    y = np.linspace(reshape, reshape1, num=num, endpoint=endpoint, axis=axis)
    reshape2 = np.reshape(base, along)
    expand_dims = np.expand_dims(reshape2, axis)
    out = np.power(expand_dims, y)
    cmp = dtype is not None
    if cmp:
        float_dtype(dtype,
            'srcdiff/rules/array_composites.py:101: `out = out.astype(dtype)`')
        _out1 = out
        out = out.astype(dtype)
    _value = out
    return _value, (_out1, axis, cmp, endpoint, expand_dims, num, out,
        reshape, reshape1, start, stop, y)


def bwd_logspace(_record, grad_ys=None):
    # the values the primal sweep recorded
    (_out1, axis, cmp, endpoint, expand_dims, num, out, reshape, reshape1,
        start, stop, y) = _record
    # seed: the gradient of the sum of the outputs
    b_out = grad_ys
    # adjoint of line 100: if dtype is not None:
    if cmp:
        # adjoint of line 101: out = out.astype(dtype)
        out = _out1
    # adjoint of line 99: out = np.power(np.expand_dims(np.reshape(base, along), axis), y)
    b_y = unbroadcast(b_out * out * np.log(np.where(expand_dims > 0,
        expand_dims, 1.0)), y)
    del expand_dims, out, y
    # adjoint of line 97: y = np.linspace(np.reshape(start, first), np.reshape(stop, last), num=num,
    grads = linspace_grads(b_y, reshape, reshape1, num, endpoint, axis)
    del b_y, reshape, reshape1
    b_reshape = grads[0]
    b_reshape1 = grads[1]
    del grads
    b_stop = np.reshape(b_reshape1, np.shape(stop))
    del b_reshape1
    b_start = np.reshape(b_reshape, np.shape(start))
    return b_start, b_stop


def fwd_logspace1(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
    axis=0):
    # names the record holds that a path may leave unbound
    _out1 = None
    logspace_shapes1 = logspace_shapes(start, stop, base)
    unpacked1 = unpacked(logspace_shapes1, 3)
    first = logspace_shapes1[0]
    last = logspace_shapes1[1]
    along = logspace_shapes1[2]
    reshape = np.reshape(start, first)
    reshape1 = np.reshape(stop, last)
    y = np.linspace(reshape, reshape1, num=num, endpoint=endpoint, axis=axis)
    reshape2 = np.reshape(base, along)
    expand_dims = np.expand_dims(reshape2, axis)
    out = np.power(expand_dims, y)
    cmp = dtype is not None
    if cmp:
        float_dtype(dtype,
            'srcdiff/rules/array_composites.py:101: `out = out.astype(dtype)`')
        _out1 = out
        out = out.astype(dtype)
    _value = out
    return _value, (_out1, axis, cmp, endpoint, expand_dims, num, out,
        reshape, reshape1, start, stop, y)


def bwd_logspace1(_record, grad_ys, b_start, b_stop):
    # the values the primal sweep recorded
    (_out1, axis, cmp, endpoint, expand_dims, num, out, reshape, reshape1,
        start, stop, y) = _record
    # seed: the gradient of the sum of the outputs
    b_out = grad_ys
    # adjoint of line 100: if dtype is not None:
    if cmp:
        # adjoint of line 101: out = out.astype(dtype)
        out = _out1
    # adjoint of line 99: out = np.power(np.expand_dims(np.reshape(base, along), axis), y)
    b_y = unbroadcast(b_out * out * np.log(np.where(expand_dims > 0,
        expand_dims, 1.0)), y)
    del expand_dims, out, y
    # adjoint of line 97: y = np.linspace(np.reshape(start, first), np.reshape(stop, last), num=num,
    grads = linspace_grads(b_y, reshape, reshape1, num, endpoint, axis)
    del b_y, reshape, reshape1
    b_reshape = grads[0]
    b_reshape1 = grads[1]
    del grads
    b_stop = np.reshape(b_reshape1, np.shape(stop)
        ) if b_stop is None else b_stop + np.reshape(b_reshape1, np.shape(stop)
        )
    del b_reshape1
    b_start = np.reshape(b_reshape, np.shape(start)
        ) if b_start is None else b_start + np.reshape(b_reshape, np.shape(
        start))
    return b_start, b_stop


def fwd_geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    # names first bound inside loops or branches start unbound
    out = None
    asarray = np.asarray(start)
    _start = start
    start = asarray * 1.0
    asarray1 = np.asarray(stop)
    _stop = stop
    stop = asarray1 * 1.0
    geomspace_ends1 = geomspace_ends(start, stop, num, endpoint)
    unpacked1 = unpacked(geomspace_ends1, 3)
    sign = geomspace_ends1[0]
    first = geomspace_ends1[1]
    last = geomspace_ends1[2]
    div = start / sign
    log10 = np.log10(div)
    div1 = stop / sign
    log101 = np.log10(div1)
    out, _record_logspace = fwd_logspace1(log10, log101, num=num, endpoint=
        endpoint)
    div2 = start / sign
    div3 = stop / sign
    where = np.where(last, div3, out)
    where1 = np.where(first, div2, where)
    _out1 = out
    out = where1 * sign
    cmp = axis != 0
    if cmp:
        out = np.moveaxis(out, 0, axis)
    cmp1 = dtype is not None
    if cmp1:
        float_dtype(dtype,
            'srcdiff/rules/array_composites.py:130: `out = out.astype(dtype)`')
        out = out.astype(dtype)
    _value = out
    return _value, (_out1, _record_logspace, _start, _stop, axis, cmp, cmp1,
        div, div1, div2, div3, first, last, sign, start, stop, where, where1)


def bwd_geomspace(_record, grad_ys=None):
    # the values the primal sweep recorded
    (_out1, _record_logspace, _start, _stop, axis, cmp, cmp1, div, div1,
        div2, div3, first, last, sign, start, stop, where, where1) = _record
    # seed: the gradient of the sum of the outputs
    b_out = grad_ys
    # adjoint of line 129: if dtype is not None:
    if cmp1:
        pass
    # adjoint of line 127: if axis != 0:
    if cmp:
        # adjoint of line 128: out = np.moveaxis(out, 0, axis)
        b_out = np.moveaxis(b_out, axis, 0)
    # adjoint of line 126: out = np.where(first, start / sign, np.where(last, stop / sign, out)) * sign
    b_where1 = unbroadcast(b_out * sign, where1)
    del b_out, where1
    b_div2 = unbroadcast(np.where(first, b_where1, 0.0), div2)
    del div2
    b_where = unbroadcast(np.where(first, 0.0, b_where1), where)
    del b_where1, where
    b_div3 = unbroadcast(np.where(last, b_where, 0.0), div3)
    del div3
    b_out = unbroadcast(np.where(last, 0.0, b_where), _out1)
    del _out1, b_where
    b_stop = unbroadcast(b_div3 / sign, stop)
    del b_div3
    b_start = unbroadcast(b_div2 / sign, start)
    del b_div2
    # adjoint of line 125: out = np.logspace(np.log10(start / sign), np.log10(stop / sign), num=num, endpoint=endpoint)
    b_logspace_args = bwd_logspace1(_record_logspace, b_out, None, None)
    del b_out
    b_log10 = b_logspace_args[0]
    b_log101 = b_logspace_args[1]
    del b_logspace_args
    b_div1 = b_log101 / mul_into(div1, np.log(10.0))
    del b_log101, div1
    b_stop = add_into(b_stop, unbroadcast(b_div1 / sign, stop))
    del b_div1
    b_div = b_log10 / mul_into(div, np.log(10.0))
    del b_log10, div
    b_start = add_into(b_start, unbroadcast(b_div / sign, start))
    del b_div
    # adjoint of line 123: stop = np.asarray(stop) * 1.0
    b_asarray1 = mul_into(b_stop, 1.0)
    del b_stop
    b_stop = unstack_like(b_asarray1, _stop)
    del _stop, b_asarray1
    # adjoint of line 122: start = np.asarray(start) * 1.0
    b_asarray = mul_into(b_start, 1.0)
    del b_start
    b_start = unstack_like(b_asarray, _start)
    return b_start, b_stop


def grad_spaced_samples(x, grad_ys=None):
    logspace1, _record_logspace = fwd_logspace(x[0], x[1], 4, base=2.0)
    geomspace1, _record_geomspace = fwd_geomspace(x[1], x[2:], 3, axis=-1)
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 1257: return (np.sum(np.logspace(x[0], x[1], 4, base=2.0) ** 2)
    b_geomspace1 = spread(b_add, geomspace1)
    del geomspace1
    b_geomspace_args = bwd_geomspace(_record_geomspace, b_geomspace1)
    del b_geomspace1
    b_x_i3 = b_geomspace_args[1]
    b_x = index_add(None, x, slice(2, None, None), b_x_i3)
    del b_x_i3
    b_logspace1 = mul_into(logspace1, b_add * 2.0)
    del logspace1
    b_logspace_args = bwd_logspace(_record_logspace, b_logspace1)
    del b_logspace1
    b_x[1] += b_geomspace_args[0] + b_logspace_args[1]
    del b_geomspace_args
    b_x[0] += b_logspace_args[0]
    return finish(b_x, x)
