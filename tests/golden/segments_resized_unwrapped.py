def fwd_resize(a, new_shape):
    # names the record holds that a path may leave unbound
    ravel = None
    take = None
    resize_index1 = resize_index(a, new_shape)
    unpacked1 = unpacked(resize_index1, 2)
    index = resize_index1[0]
    shape = resize_index1[1]
    cmp = index is None
    if cmp:
        _retval = np.zeros_like(a, shape=shape)
    else:
        ravel = np.ravel(a)
        take = np.take(ravel, index)
        _retval = np.reshape(take, shape)
    _value = _retval
    return _value, (a, cmp, index, ravel, take)


def bwd_resize(_record, grad_ys, b_a):
    # the values the primal sweep recorded
    a, cmp, index, ravel, take = _record
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    b_a = cotangent(b_a, a)
    # adjoint of line 174: if index is None:
    if cmp:
        pass
    else:
        # adjoint of line 176: return np.reshape(np.take(np.ravel(a), index), shape)
        b_take = np.reshape(b_retval, np.shape(take))
        b_ravel = take_grad(b_take, ravel, index, None, 'raise')
        del b_take
        b_a += np.reshape(b_ravel, np.shape(a))
    return b_a


def grad_unwrap(p, discont=None, axis=-1, period=6.283185307179586, grad_ys
    =None):
    _p = p
    p = np.asarray(p)
    dd = np.diff(p, axis=axis)
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
    mod = np.mod(dd + high, period)
    ddmod = mod - high
    if ambiguous:
        cmp1 = ddmod == -high
        cmp2 = dd > 0
        and1 = cmp1 & cmp2
        _ddmod1 = ddmod
        ddmod = np.where(and1, high, ddmod)
    abs1 = np.abs(dd)
    cmp3 = abs1 < discont
    sub = ddmod - dd
    correct = np.where(cmp3, 0, sub)
    corrections = np.cumsum(correct, axis=axis)
    unwrap_start1 = unwrap_start(p, axis)
    result_type1 = np.result_type(corrections)
    zero = np.zeros(unwrap_start1, dtype=result_type1)
    items = [zero, corrections]
    concatenate = np.concatenate(items, axis=axis)
    check_broadcast(p, concatenate)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 205: return p + np.concatenate([zero, corrections], axis=axis)
    b_p = unbroadcast(grad_ys, p)
    b_concatenate = unbroadcast(grad_ys, concatenate)
    del concatenate
    b_items = split_like(b_concatenate, items, axis)
    del b_concatenate
    b_corrections = item_grad(b_items, 1, corrections)
    del corrections
    # adjoint of line 203: corrections = np.cumsum(correct, axis=axis)
    b_correct = np.reshape(np.flip(np.cumsum(np.flip(b_corrections, axis),
        axis), axis), np.shape(correct))
    del b_corrections, correct
    # adjoint of line 202: correct = np.where(np.abs(dd) < discont, 0, ddmod - dd)
    b_sub = unbroadcast(np.where(cmp3, 0.0, b_correct), sub)
    del b_correct, sub
    b_ddmod = unbroadcast(b_sub, ddmod)
    del ddmod
    b_dd = -unbroadcast(b_sub, dd)
    del b_sub, dd
    # adjoint of line 200: if ambiguous:
    if ambiguous:
        # adjoint of line 201: ddmod = np.where((ddmod == -high) & (dd > 0), high, ddmod)
        b_ddmod = unbroadcast(np.where(and1, 0.0, b_ddmod), _ddmod1)
    # adjoint of line 199: ddmod = np.mod(dd + high, period) - high
    b_dd += b_ddmod
    del b_ddmod
    # adjoint of line 190: dd = np.diff(p, axis=axis)
    b_p = add_into(b_p, diff_grad(b_dd, p, 1, axis, None, None))
    del b_dd
    # adjoint of line 189: p = np.asarray(p)
    b_p = unstack_like(b_p, _p)
    return b_p,


def grad_add_reduceat(array, indices, axis=0, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    segment = None
    sum1 = None
    take = None
    _array = array
    array = np.asarray(array)
    parts = []
    reduceat_bounds1 = reduceat_bounds(array, indices, axis)
    n = loop_len(reduceat_bounds1)
    for k in range(n):
        _stack.append(segment)
        segment = reduceat_bounds1[k]
        _stack.append(take)
        take = np.take(array, segment, axis=axis)
        _stack.append(sum1)
        sum1 = short_sum(take, axis=axis, keepdims=True)
        parts.append(sum1)
    if not parts:
        zeros = np.zeros(0, dtype=int)
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 153: if not parts:
    if not parts:
        # adjoint of line 154: return np.take(array, np.zeros(0, dtype=int), axis=axis)
        b_array = take_grad(b_retval, array, zeros, axis, 'raise')
        b_parts = zeros_tree(parts)
    else:
        # adjoint of line 155: return np.concatenate(parts, axis=axis)
        b_parts = split_like(b_retval, parts, axis)
        b_array = np.zeros_like(array)
    # adjoint of line 151: for segment in reduceat_bounds(array, indices, axis):
    for k in reversed(range(n)):
        # adjoint of line 152: parts.append(np.sum(np.take(array, segment, axis=axis), axis=axis, keepdims=True))
        b_parts, b_item = pop_grad(b_parts, sum1)
        del sum1
        parts.pop()
        sum1_before = _stack.pop()
        b_take = unreduce(b_item, take, axis, True)
        del take
        sum1 = sum1_before
        take_before = _stack.pop()
        b_array = b_array + take_grad(b_take, array, segment, axis, 'raise')
        del b_take
        take = take_before
        segment_before = _stack.pop()
        segment = segment_before
    # adjoint of line 149: array = np.asarray(array)
    b_array = unstack_like(b_array, _array)
    return b_array,


def grad_segments_resized_unwrapped(x, grad_ys=None):
    items = [0, 2, 1]
    s = add_reduceat(x, items, axis=1)
    resize1, _record_resize = fwd_resize(x, (2, 5))
    arange = np.arange(10.0)
    reshape = arange.reshape(2, 5)
    mul = resize1 * reshape
    mul1 = x * 4.0
    unwrap1 = unwrap(mul1)
    mul2 = unwrap1 * x
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 1263: return (np.sum(s ** 2) + np.sum(np.resize(x, (2, 5)) * np.arange(10.0).reshape(2, 5))
    b_mul2 = spread(b_add1, mul2)
    del mul2
    b_unwrap1 = unbroadcast(b_mul2 * x, unwrap1)
    b_x = unbroadcast(unwrap1 * b_mul2, x)
    del b_mul2, unwrap1
    b_unwrap_args = grad_unwrap(p=mul1, grad_ys=b_unwrap1)
    del b_unwrap1, mul1
    b_mul1 = b_unwrap_args[0]
    del b_unwrap_args
    b_x = b_x + b_mul1 * 4.0
    del b_mul1
    b_mul = spread(b_add1, mul)
    del mul
    b_resize1 = unbroadcast(b_mul * reshape, resize1)
    del b_mul, reshape, resize1
    b_x = bwd_resize(_record_resize, b_resize1, b_x)
    del b_resize1
    b_s = mul_into(s, b_add1 * 2.0)
    del s
    # adjoint of line 1262: s = np.add.reduceat(x, [0, 2, 1], axis=1)
    b_add_reduceat_args = grad_add_reduceat(x, items, axis=1, grad_ys=b_s)
    del b_s
    b_x += b_add_reduceat_args[0]
    return finish(b_x, x)
