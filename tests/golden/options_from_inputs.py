def fwd_sum_from(a, axis=None, dtype=None, out=None, keepdims=False,
    initial=0.0, where=True):
    axis_without_out1 = axis_without_out(axis, out, dtype, a)
    s = np.sum(a, axis=axis_without_out1, keepdims=keepdims, where=where)
    reshape = np.reshape(initial, ())
    cast_like1 = cast_like(reshape, s)
    add = s + cast_like1
    return add, (a, axis_without_out1, cast_like1, initial, keepdims,
        reshape, s, where)


def bwd_sum_from(_record, grad_ys, b_a):
    # the values the primal sweep recorded
    (a, axis_without_out1, cast_like1, initial, keepdims, reshape, s, where
        ) = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 494: return s + cast_like(np.reshape(initial, ()), s)
    b_s = unbroadcast(grad_ys, s)
    del s
    b_cast_like1 = unbroadcast(grad_ys, cast_like1)
    b_reshape = np.reshape(cast_tangent(b_cast_like1, cast_like1), np.shape
        (reshape))
    del b_cast_like1, cast_like1, reshape
    b_initial = np.reshape(b_reshape, np.shape(initial))
    del b_reshape
    # adjoint of line 493: s = np.sum(a, axis=axis_without_out(axis, out, dtype, a), keepdims=keepdims, where=where)
    b_a = unreduce(b_s, a, axis_without_out1, keepdims
        ) * where if b_a is None else b_a + unreduce(b_s, a,
        axis_without_out1, keepdims) * where
    return b_a, b_initial


def fwd_diff_extended(a, n=1, axis=-1, prepend=None, append=None):
    # names the record holds that a path may leave unbound
    _a1 = None
    _a2 = None
    _edge1 = None
    broadcast_to = None
    items = None
    items1 = None
    # names first bound inside loops or branches start unbound
    edge = None
    _a = a
    a = np.asarray(a)
    cmp = prepend is not None
    if cmp:
        edge = np.asarray(prepend)
        diff_edge_shape1 = diff_edge_shape(a, edge, axis)
        broadcast_to = np.broadcast_to(edge, diff_edge_shape1)
        items = [broadcast_to, a]
        _a1 = a
        a = np.concatenate(items, axis=axis)
    cmp1 = append is not None
    if cmp1:
        _edge1 = edge
        edge = np.asarray(append)
        diff_edge_shape2 = diff_edge_shape(a, edge, axis)
        broadcast_to1 = np.broadcast_to(edge, diff_edge_shape2)
        items1 = [a, broadcast_to1]
        _a2 = a
        a = np.concatenate(items1, axis=axis)
    diff = np.diff(a, n=n, axis=axis)
    _value = diff
    return _value, (_a, _a1, _a2, _edge1, a, axis, broadcast_to, cmp, cmp1,
        edge, items, items1, n, prepend)


def bwd_diff_extended(_record, grad_ys=None):
    # the values the primal sweep recorded
    (_a, _a1, _a2, _edge1, a, axis, broadcast_to, cmp, cmp1, edge, items,
        items1, n, prepend) = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 575: return np.diff(a, n=n, axis=axis)
    b_a = diff_grad(grad_ys, a, n, axis, None, None)
    # adjoint of line 572: if append is not None:
    if cmp1:
        # adjoint of line 574: a = np.concatenate([a, np.broadcast_to(edge, diff_edge_shape(a, edge, axis))], axis=axis)
        b_items1 = split_like(b_a, items1, axis)
        del b_a
        b_a = item_grad(b_items1, 0, _a2)
        edge = _edge1
    # adjoint of line 569: if prepend is not None:
    if cmp:
        # adjoint of line 571: a = np.concatenate([np.broadcast_to(edge, diff_edge_shape(a, edge, axis)), a], axis=axis)
        b_items = split_like(b_a, items, axis)
        del b_a
        b_broadcast_to = item_grad(b_items, 0, broadcast_to)
        b_a = item_grad(b_items, 1, _a1)
        b_edge = unbroadcast(b_broadcast_to, edge)
        del b_broadcast_to, edge
        # adjoint of line 570: edge = np.asarray(prepend)
        b_prepend = unstack_like(b_edge, prepend)
        del b_edge
    else:
        b_prepend = 0.0
    # adjoint of line 568: a = np.asarray(a)
    b_a = unstack_like(b_a, _a)
    return b_a, b_prepend


def grad_options_from_inputs(x, grad_ys=None):
    s, _record_sum_from = fwd_sum_from(x ** 2, initial=x[0])
    diff, _record_diff_extended = fwd_diff_extended(x, prepend=x[3], append=0.5
        )
    sum1 = np.sum(diff ** 2)
    # seed: the gradient of the sum of the outputs
    b_mul = seed(grad_ys, s * sum1)
    # adjoint of line 869: return s * np.sum(np.diff(x, prepend=x[3], append=0.5) ** 2)
    b_s = b_mul * sum1
    b_sum1 = sum_product(s, b_mul, sum1)
    del b_mul, s
    b_diff = mul_into(diff, b_sum1 * 2.0)
    del diff
    b_diff_extended_args = bwd_diff_extended(_record_diff_extended, b_diff)
    del b_diff
    b_x = index_add(None, x, 3, b_diff_extended_args[1]
        ) + b_diff_extended_args[0]
    del b_diff_extended_args
    # adjoint of line 868: s = np.sum(x ** 2, initial=x[0])
    b_sum_from_args = bwd_sum_from(_record_sum_from, b_s, None)
    del b_s
    b_pow1 = b_sum_from_args[0]
    b_x[0] += b_sum_from_args[1]
    del b_sum_from_args
    b_x += b_pow1 * 2.0 * x
    return finish(b_x, x)
