def jvp_add_reduceat(array, indices, axis=0, tangents=None):
    t_array = tangents[0]
    # line 149: array = np.asarray(array)
    _array_old = array
    array = np.asarray(array)
    t_array = stack_tangents(t_array, _array_old)
    # line 150: parts = []
    parts = []
    t_parts = []
    reduceat_bounds1 = reduceat_bounds(array, indices, axis)
    n = loop_len(reduceat_bounds1)
    for k in range(n):
        segment = reduceat_bounds1[k]
        # line 152: parts.append(np.sum(np.take(array, segment, axis=axis), axis=axis, keepdims=True))
        take = np.take(array, segment, axis=axis)
        t_take = np.take(t_array, segment, axis=axis, mode='raise')
        sum1 = np.sum(take, axis=axis, keepdims=True)
        t_sum1 = np.sum(t_take, axis=axis, keepdims=True)
        parts.append(sum1)
        t_parts.append(t_sum1)
    if not parts:
        # line 154: return np.take(array, np.zeros(0, dtype=int), axis=axis)
        zeros = np.zeros(0, dtype=int)
        _retval = np.take(array, zeros, axis=axis)
        t_retval = np.take(t_array, zeros, axis=axis, mode='raise')
    else:
        # line 155: return np.concatenate(parts, axis=axis)
        _retval = np.concatenate(parts, axis=axis)
        t_retval = np.concatenate(fill_zeros(t_parts, parts), axis=axis)
    return _retval, t_retval


def jvp_resize(a, new_shape, tangents):
    t_a = tangents[0]
    resize_index1 = resize_index(a, new_shape)
    unpacked1 = unpacked(resize_index1, 2)
    index = resize_index1[0]
    shape = resize_index1[1]
    cmp = index is None
    if cmp:
        _retval = np.zeros_like(a, shape=shape)
        t_retval = zeros_tree(_retval)
    else:
        # line 176: return np.reshape(np.take(np.ravel(a), index), shape)
        ravel = np.ravel(a)
        t_ravel = np.reshape(t_a, np.shape(ravel))
        take = np.take(ravel, index)
        t_take = np.take(t_ravel, index, axis=None, mode='raise')
        _retval = np.reshape(take, shape)
        t_retval = np.reshape(t_take, np.shape(_retval))
    return _retval, t_retval


def jvp_unwrap(p, discont=None, axis=-1, period=6.283185307179586, tangents
    =None):
    t_p = tangents[0]
    # line 189: p = np.asarray(p)
    _p_old = p
    p = np.asarray(p)
    t_p = stack_tangents(t_p, _p_old)
    # line 190: dd = np.diff(p, axis=axis)
    dd = np.diff(p, axis=axis)
    t_dd = np.diff(t_p, 1, axis)
    cmp = discont is None
    if cmp:
        discont = period / 2
    result_type = np.result_type(dd, period)
    issubdtype = np.issubdtype(result_type, np.integer)
    if issubdtype:
        divmod2 = divmod1(period, 2)
        unpacked1 = unpacked(divmod2, 2)
        high = divmod2[0]
        rem = divmod2[1]
        ambiguous = rem == 0
    else:
        high = period / 2
        ambiguous = True
    # line 199: ddmod = np.mod(dd + high, period) - high
    add = dd + high
    t_add = broadcast_like(t_dd, add)
    mod = np.mod(add, period)
    t_mod = broadcast_like(t_add, mod)
    ddmod = mod - high
    t_ddmod = broadcast_like(t_mod, ddmod)
    if ambiguous:
        # line 201: ddmod = np.where((ddmod == -high) & (dd > 0), high, ddmod)
        cmp1 = ddmod == -high
        cmp2 = dd > 0
        and1 = cmp1 & cmp2
        ddmod = np.where(and1, high, ddmod)
        t_ddmod = broadcast_like(np.where(and1, 0.0, t_ddmod), ddmod)
    # line 202: correct = np.where(np.abs(dd) < discont, 0, ddmod - dd)
    abs1 = np.abs(dd)
    cmp3 = abs1 < discont
    sub = ddmod - dd
    t_sub = broadcast_like(t_ddmod, sub) - broadcast_like(t_dd, sub)
    correct = np.where(cmp3, 0, sub)
    t_correct = broadcast_like(np.where(cmp3, 0.0, t_sub), correct)
    # line 203: corrections = np.cumsum(correct, axis=axis)
    corrections = np.cumsum(correct, axis=axis)
    t_corrections = np.cumsum(t_correct, axis)
    unwrap_start1 = unwrap_start(p, axis)
    result_type1 = np.result_type(corrections)
    zero = np.zeros(unwrap_start1, dtype=result_type1)
    # line 205: return p + np.concatenate([zero, corrections], axis=axis)
    items = [zero, corrections]
    t_items = [None, t_corrections]
    concatenate = np.concatenate(items, axis=axis)
    t_concatenate = np.concatenate(fill_zeros(t_items, items), axis=axis)
    add1 = p + concatenate
    t_add1 = broadcast_like(t_p, add1) + broadcast_like(t_concatenate, add1)
    return add1, t_add1


def jvp_segments_resized_unwrapped(x, tangents):
    # line 1262: s = np.add.reduceat(x, [0, 2, 1], axis=1)
    items = [0, 2, 1]
    s, t_s = jvp_add_reduceat(x, items, axis=1, tangents=(tangents,))
    # line 1263: return (np.sum(s ** 2) + np.sum(np.resize(x, (2, 5)) * np.arange(10.0).reshape(2, 5))
    t_pow1 = t_s * 2.0 * s
    sum1 = np.sum(s ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    resize1, t_resize1 = jvp_resize(x, (2, 5), tangents=(tangents,))
    arange = np.arange(10.0)
    reshape = arange.reshape(2, 5)
    mul = resize1 * reshape
    t_mul = broadcast_like(t_resize1 * reshape, mul)
    sum2 = np.sum(mul)
    t_sum2 = np.sum(t_mul, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    mul1 = x * 4.0
    t_mul1 = broadcast_like(tangents * 4.0, mul1)
    unwrap1, t_unwrap1 = jvp_unwrap(p=mul1, tangents=(t_mul1,))
    mul2 = unwrap1 * x
    t_mul2 = broadcast_like(t_unwrap1 * x, mul2) + broadcast_like(unwrap1 *
        tangents, mul2)
    sum3 = np.sum(mul2)
    t_sum3 = np.sum(t_mul2, axis=None, keepdims=False)
    add1 = add + sum3
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum3, add1)
    return add1, t_add1
