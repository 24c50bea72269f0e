def fwd_max_from(a, axis=None, out=None, keepdims=False, initial=None,
    where=True):
    reshape = np.reshape(initial, ())
    c = cast_like(reshape, a)
    extreme_fill1 = extreme_fill(a, -1)
    where1 = np.where(where, a, extreme_fill1)
    axis_without_out1 = axis_without_out(axis, out)
    top = np.max(where1, axis=axis_without_out1, keepdims=keepdims)
    maximum = np.maximum(top, c)
    return maximum, (a, axis_without_out1, c, initial, keepdims, reshape,
        top, where, where1)


def bwd_max_from(_record, grad_ys, b_a):
    # the values the primal sweep recorded
    (a, axis_without_out1, c, initial, keepdims, reshape, top, where, where1
        ) = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 44: return np.maximum(top, c)
    b_top = unbroadcast(grad_ys * ((top > c) + 0.5 * (top == c)), top)
    b_c = unbroadcast(grad_ys * ((c > top) + 0.5 * (top == c)), c)
    # adjoint of line 42: top = np.max(np.where(where, a, extreme_fill(a, -1)), axis=axis_without_out(axis, out),
    b_where1 = extreme_grad(b_top, where1, top, axis_without_out1, keepdims)
    del b_top, top, where1
    b_a = unbroadcast(np.where(where, b_where1, 0.0), a
        ) if b_a is None else b_a + unbroadcast(np.where(where, b_where1, 
        0.0), a)
    del b_where1
    # adjoint of line 41: c = cast_like(np.reshape(initial, ()), a)
    b_reshape = np.reshape(cast_tangent(b_c, c), np.shape(reshape))
    del b_c, c, reshape
    b_initial = np.reshape(b_reshape, np.shape(initial))
    return b_a, b_initial


def fwd_pad_with(array, pad_width, mode='constant', constant_values=0):
    # names the record holds that a path may leave unbound
    axis = None
    _stack = []
    # names first bound inside loops or branches start unbound
    after = None
    before = None
    items2 = None
    values_i = None
    values_i1 = None
    a = np.asarray(array)
    cmp = mode != 'constant'
    if cmp:
        raise ValueError(
            f"unsupported keyword arguments for mode '{mode}': {{'constant_values'}}"
            )
    asarray = np.asarray(pad_width, dtype=int)
    ndim = a.ndim
    widths = np.broadcast_to(asarray, (ndim, 2))
    asarray1 = np.asarray(constant_values)
    cast_like1 = cast_like(asarray1, a)
    ndim1 = a.ndim
    values = np.broadcast_to(cast_like1, (ndim1, 2))
    ndim2 = a.ndim
    for axis in range(ndim2):
        _stack.append(shape_only(values_i))
        values_i = values[axis, 0]
        pad_edge_shape1 = pad_edge_shape(a, axis, widths[axis, 0])
        _stack.append(before)
        before = np.broadcast_to(values_i, pad_edge_shape1)
        _stack.append(shape_only(values_i1))
        values_i1 = values[axis, 1]
        pad_edge_shape2 = pad_edge_shape(a, axis, widths[axis, 1])
        _stack.append(after)
        after = np.broadcast_to(values_i1, pad_edge_shape2)
        _stack.append(items2)
        items2 = [before, a, after]
        _stack.append(a)
        a = np.concatenate(items2, axis=axis)
    _value = a
    return _value, (_stack, after, array, asarray1, axis, before,
        cast_like1, constant_values, items2, ndim2, values, values_i, values_i1
        )


def bwd_pad_with(_record, grad_ys, b_array):
    # the values the primal sweep recorded
    (_stack, after, array, asarray1, axis, before, cast_like1,
        constant_values, items2, ndim2, values, values_i, values_i1) = _record
    # the tapes are popped from copies: the record stays whole
    _stack = list(_stack)
    # seed: the gradient of the sum of the outputs
    b_a = grad_ys
    # adjoint of line 548: for axis in range(a.ndim):
    b_values = np.zeros_like(values)
    del values
    for axis in reversed(range(ndim2)):
        # adjoint of line 551: a = np.concatenate([before, a, after], axis=axis)
        a_before = _stack.pop()
        b_items2 = split_like(b_a, items2, axis)
        del b_a
        items2_before = _stack.pop()
        b_before = item_grad(b_items2, 0, before)
        del before
        b_a = item_grad(b_items2, 1, a_before)
        b_after = item_grad(b_items2, 2, after)
        del after
        items2 = items2_before
        # adjoint of line 550: after = np.broadcast_to(values[axis, 1], pad_edge_shape(a, axis, widths[axis, 1]))
        after_before = _stack.pop()
        b_values_i1 = unbroadcast(b_after, values_i1)
        del b_after, values_i1
        after = after_before
        values_i1_before = _stack.pop()
        b_values[axis, 1] += b_values_i1
        del b_values_i1
        values_i1 = values_i1_before
        # adjoint of line 549: before = np.broadcast_to(values[axis, 0], pad_edge_shape(a, axis, widths[axis, 0]))
        before_before = _stack.pop()
        b_values_i = unbroadcast(b_before, values_i)
        del b_before, values_i
        before = before_before
        values_i_before = _stack.pop()
        b_values[axis, 0] += b_values_i
        del b_values_i
        values_i = values_i_before
    # adjoint of line 547: values = np.broadcast_to(cast_like(np.asarray(constant_values), a), (a.ndim, 2))
    b_cast_like1 = unbroadcast(b_values, cast_like1)
    del b_values
    b_asarray1 = np.reshape(cast_tangent(b_cast_like1, cast_like1), np.
        shape(asarray1))
    del asarray1, b_cast_like1, cast_like1
    b_constant_values = unstack_like(b_asarray1, constant_values)
    del b_asarray1
    # adjoint of line 543: a = np.asarray(array)
    b_array = unstack_like(b_a, array
        ) if b_array is None else b_array + unstack_like(b_a, array)
    return b_array, b_constant_values


def grad_computed_options(x, grad_ys=None):
    top, _record_max_from = fwd_max_from(x, axis=0, initial=x[0, 0] * 0.5)
    tanh = np.tanh(x[1, 1])
    band, _record_pad_with = fwd_pad_with(x, ((1, 0), (0, 2)),
        constant_values=tanh)
    band_i = band[::-1]
    mul1 = band * band_i
    x_i2 = x[2, 2]
    add1 = x_i2 ** 2 + 1.0
    add2 = x[0, 2] + 3.0
    log = math.log(add1, add2)
    # seed: the gradient of the sum of the outputs
    b_add3 = scalar_seed(grad_ys)
    # adjoint of line 913: return np.sum(top ** 2) + np.sum(band * band[::-1]) + math.log(x[2, 2] ** 2 + 1.0,
    b_add1 = b_add3 / (add1 * math.log(add2))
    b_add2 = -(b_add3 * log) / (add2 * math.log(add2))
    b_x = index_add(None, x, (0, 2), b_add2)
    b_x[2, 2] += b_add1 * 2.0 * x_i2
    b_mul1 = spread(b_add3, mul1)
    del mul1
    b_band = unbroadcast(b_mul1 * band_i, band)
    b_band_i = unbroadcast(band * b_mul1, band_i)
    del b_mul1, band_i
    b_band = add_into(b_band, index_add(None, band, slice(None, None, -1),
        b_band_i))
    del b_band_i, band
    b_top = mul_into(top, b_add3 * 2.0)
    del top
    # adjoint of line 912: band = np.pad(x, ((1, 0), (0, 2)), constant_values=np.tanh(x[1, 1]))
    b_pad_with_args = bwd_pad_with(_record_pad_with, b_band, b_x)
    del b_band, b_x
    b_x = b_pad_with_args[0]
    b_x_i1 = b_pad_with_args[1] * (1.0 - tanh * tanh)
    del b_pad_with_args
    b_x[1, 1] += b_x_i1
    # adjoint of line 911: top = np.max(x, axis=0, initial=x[0, 0] * 0.5)
    b_max_from_args = bwd_max_from(_record_max_from, b_top, b_x)
    del b_top, b_x
    b_x = b_max_from_args[0]
    b_x[0, 0] += b_max_from_args[1] * 0.5
    return finish(b_x, x)
