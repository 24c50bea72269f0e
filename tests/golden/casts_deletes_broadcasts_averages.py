def fwd_delete(arr, obj, axis=None):
    # names the record holds that a path may leave unbound
    _arr = None
    delete_index1 = delete_index(arr, obj, axis)
    unpacked1 = unpacked(delete_index1, 2)
    index = delete_index1[0]
    along = delete_index1[1]
    cmp = axis is None
    if cmp:
        _arr = arr
        arr = np.ravel(arr)
    take = np.take(arr, index, axis=along)
    _value = take
    return _value, (_arr, along, arr, cmp, index)


def bwd_delete(_record, grad_ys=None):
    # the values the primal sweep recorded
    _arr, along, arr, cmp, index = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 52: return np.take(arr, index, axis=along)
    b_arr = take_grad(grad_ys, arr, index, along, 'raise')
    # adjoint of line 50: if axis is None:
    if cmp:
        # adjoint of line 51: arr = np.ravel(arr)
        b_arr = np.reshape(b_arr, np.shape(_arr))
    return b_arr


def grad_average(a, axis, weights, returned, keepdims=False, grad_ys=None):
    cmp = weights is None
    if cmp:
        avg = np.mean(a, axis=axis, keepdims=keepdims)
        if returned:
            shape = np.shape(avg)
            size = np.size(a)
            size1 = np.size(avg)
            result_type = np.result_type(avg)
            scale = np.full(shape, size / size1, dtype=result_type)
            _retval = avg, scale
        else:
            _retval = avg
    else:
        average_weights_shape1 = average_weights_shape(a, axis, weights)
        w = np.reshape(weights, average_weights_shape1)
        shape1 = np.shape(a)
        broadcast_to = np.broadcast_to(w, shape1)
        total = short_sum(broadcast_to, axis=axis, keepdims=keepdims)
        mul = a * w
        sum1 = short_sum(mul, axis=axis, keepdims=keepdims)
        avg = sum1 / total
        if returned:
            _retval = avg, total
        else:
            _retval = avg
    # seed: the gradient of the sum of the outputs
    b_retval = cotangent(grad_ys, _retval)
    # adjoint of line 72: if weights is None:
    if cmp:
        # adjoint of line 74: if returned:
        if returned:
            # adjoint of line 76: return avg, scale
            b_avg = item_grad(b_retval, 0, avg)
        else:
            # adjoint of line 77: return avg
            b_avg = b_retval
        # adjoint of line 73: avg = np.mean(a, axis=axis, keepdims=keepdims)
        b_a = unreduce(b_avg, a, axis, keepdims) * (size_of(avg) / size_of(a))
        b_weights = np.zeros_like(weights)
    else:
        # adjoint of line 81: if returned:
        if returned:
            # adjoint of line 82: return avg, total
            b_avg = item_grad(b_retval, 0, avg)
            b_total = item_grad(b_retval, 1, total)
        else:
            # adjoint of line 83: return avg
            b_avg = b_retval
            b_total = np.zeros_like(total)
        # adjoint of line 80: avg = np.sum(a * w, axis=axis, keepdims=keepdims) / total
        b_sum1 = unbroadcast(b_avg / total, sum1)
        b_total = b_total - unbroadcast(b_avg / total * avg, total)
        b_mul = unreduce(b_sum1, mul, axis, keepdims)
        del b_sum1
        b_a = unbroadcast(b_mul * w, a)
        b_w = unbroadcast(a * b_mul, w)
        del b_mul
        # adjoint of line 79: total = np.sum(np.broadcast_to(w, np.shape(a)), axis=axis, keepdims=keepdims)
        b_broadcast_to = unreduce(b_total, broadcast_to, axis, keepdims)
        del b_total
        b_w = add_into(b_w, unbroadcast(b_broadcast_to, w))
        del b_broadcast_to
        # adjoint of line 78: w = np.reshape(weights, average_weights_shape(a, axis, weights))
        b_weights = np.reshape(b_w, np.shape(weights))
    return b_a, b_weights


def grad_broadcast_arrays(args_0, args_1, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    a = None
    broadcast_to = None
    args = args_0, args_1
    shape = broadcast_shape(args_0, args_1)
    out = []
    n = len(args)
    for k in range(n):
        _stack.append(shape_only(a))
        a = args[k]
        _stack.append(broadcast_to)
        broadcast_to = np.broadcast_to(a, shape)
        out.append(broadcast_to)
    tuple1 = tuple(out)
    # seed: the gradient of the sum of the outputs
    b_tuple1 = cotangent(grad_ys, tuple1)
    # adjoint of line 66: return tuple(out)
    b_out = sequence_grad(b_tuple1, out)
    # adjoint of line 64: for a in args:
    b_args = zeros_tree(args)
    for k in reversed(range(n)):
        # adjoint of line 65: out.append(np.broadcast_to(a, shape))
        b_out, b_item = pop_grad(b_out, broadcast_to)
        del broadcast_to
        out.pop()
        broadcast_to_before = _stack.pop()
        b_a = unbroadcast(b_item, a)
        broadcast_to = broadcast_to_before
        # adjoint of line 64: for a in args:
        a_before = _stack.pop()
        b_args = item_add(b_args, args, k, b_a)
        a = a_before
    # adjoint of line 61: def broadcast_arrays(*args):
    b_args_0 = item_grad(b_args, 0, args_0)
    b_args_1 = item_grad(b_args, 1, args_1)
    return b_args_0, b_args_1


def grad_astype(x, dtype, copy=True, grad_ys=None):
    float_dtype(dtype,
        'srcdiff/rules/array_composites.py:34: `return x.astype(dtype, copy=copy)`'
        )
    astype = x.astype(dtype, copy=copy)
    # seed: the gradient of the sum of the outputs
    return grad_ys,


def grad_casts_deletes_broadcasts_averages(x, grad_ys=None):
    hasattr1 = hasattr(np, 'astype')
    if hasattr1:
        y1 = astype(x, np.float64)
    else:
        y1 = x * 1.0
    items = [0, 2]
    delete1, _record_delete = fwd_delete(y1, items, axis=1)
    x_i = x[:, :1]
    pow1 = x_i ** 2
    broadcast_arrays1 = broadcast_arrays(delete1, pow1)
    unpacked1 = unpacked(broadcast_arrays1, 2)
    a = broadcast_arrays1[0]
    b = broadcast_arrays1[1]
    exp = np.exp(x[:, 0])
    average1 = average(x, axis=0, weights=exp, returned=True)
    unpacked2 = unpacked(average1, 2)
    mean = average1[0]
    total = average1[1]
    mul = a * b
    mul1 = mean * total
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 1253: return np.sum(a * b) + np.sum(mean * total)
    b_mul1 = spread(b_add, mul1)
    del mul1
    b_mean = unbroadcast(b_mul1 * total, mean)
    b_total = unbroadcast(mean * b_mul1, total)
    del b_mul1
    b_mul = spread(b_add, mul)
    del mul
    b_a = unbroadcast(b_mul * b, a)
    b_b = unbroadcast(a * b_mul, b)
    del b_mul
    # adjoint of line 1252: mean, total = np.average(x, axis=0, weights=np.exp(x[:, 0]), returned=True)
    b_average1 = item_add(None, average1, 1, b_total)
    b_average1 = item_add(b_average1, average1, 0, b_mean)
    b_average_args = grad_average(a=x, axis=0, weights=exp, returned=True,
        grad_ys=b_average1)
    b_exp = b_average_args[1]
    b_x_i1 = mul_into(b_exp, exp)
    del b_exp, exp
    b_x = index_add(None, x, (slice(None, None, None), 0), b_x_i1
        ) + b_average_args[0]
    del b_average_args, b_x_i1
    # adjoint of line 1251: a, b = np.broadcast_arrays(np.delete(y, [0, 2], axis=1), x[:, :1] ** 2)
    b_broadcast_arrays1 = item_add(None, broadcast_arrays1, 1, b_b)
    b_broadcast_arrays1 = item_add(b_broadcast_arrays1, broadcast_arrays1, 
        0, b_a)
    b_broadcast_arrays_args = grad_broadcast_arrays(args_0=delete1, args_1=
        pow1, grad_ys=b_broadcast_arrays1)
    del delete1, pow1
    b_delete1 = b_broadcast_arrays_args[0]
    b_pow1 = b_broadcast_arrays_args[1]
    del b_broadcast_arrays_args
    b_x_i = mul_into(x_i, b_pow1 * 2.0)
    del b_pow1, x_i
    b_x[:, :1] += b_x_i
    del b_x_i
    b_delete_arr = bwd_delete(_record_delete, b_delete1)
    del b_delete1
    # adjoint of line 1250: y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
    b_y1 = b_delete_arr
    # adjoint of line 1250: y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
    if hasattr1:
        # adjoint of line 1250: y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
        b_astype_args = grad_astype(x=x, dtype=np.float64, grad_ys=b_y1)
        del b_y1
        b_x += b_astype_args[0]
    else:
        # adjoint of line 1250: y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
        b_x += mul_into(b_y1, 1.0)
    return finish(b_x, x)
