def fwd_modf(x):
    whole = np.trunc(x)
    isinf = np.isinf(x)
    sub = x - whole
    where = np.where(isinf, 0.0, sub)
    _value = where, whole
    return _value, (isinf, sub, where, x)


def bwd_modf(_record, grad_ys, b_x):
    # the values the primal sweep recorded
    isinf, sub, where, x = _record
    # seed: the gradient of the sum of the outputs
    b_where = cotangent(grad_ys[0], where)
    del where
    # adjoint of line 292: return np.where(np.isinf(x), 0.0, x - whole), whole
    b_sub = unbroadcast(np.where(isinf, 0.0, b_where), sub)
    del b_where, sub
    b_x = unbroadcast(b_sub, x) if b_x is None else b_x + unbroadcast(b_sub, x)
    return b_x


def fwd_compress(condition, a, axis=None):
    compress_index1 = compress_index(condition)
    take = np.take(a, compress_index1, axis=axis)
    return take, (a, axis, compress_index1)


def bwd_compress(_record, grad_ys, b_a):
    # the values the primal sweep recorded
    a, axis, compress_index1 = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 306: return np.take(a, compress_index(condition), axis=axis)
    b_a = take_grad(grad_ys, a, compress_index1, axis, 'raise'
        ) if b_a is None else b_a + take_grad(grad_ys, a, compress_index1,
        axis, 'raise')
    return b_a


def grad_average(a, weights, axis=None, returned=False, keepdims=False,
    grad_ys=None):
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


def grad_modf_compress_average_select(x, grad_ys=None):
    modf1, _record_modf = fwd_modf(x * 1.7)
    unpacked1 = unpacked(modf1, 2)
    frac = modf1[0]
    whole = modf1[1]
    items = [True, False, True, True]
    kept, _record_compress = fwd_compress(items, x)
    pow1 = x ** 2
    exp = np.exp(x)
    mean = average(pow1, weights=exp)
    mul1 = frac * whole
    sum1 = np.sum(mul1)
    sum2 = np.sum(kept ** 2)
    cmp = x > 0.5
    items1 = [cmp]
    pow3 = x ** 2
    items2 = [pow3]
    sin = np.sin(x)
    select = np.select(items1, items2, default=sin)
    sum3 = np.sum(select)
    # seed: the gradient of the sum of the outputs
    b_add1 = seed(grad_ys, sum1 + sum2 * mean + sum3)
    # adjoint of line 798: return np.sum(frac * whole) + np.sum(kept ** 2) * mean + np.sum(
    b_sum3 = unbroadcast(b_add1, sum3)
    b_select = spread(b_sum3, select)
    del select
    b_items2 = select_grads(b_select, items1, items2)
    b_sin = select_default_grad(b_select, items1, sin)
    del b_select, sin
    b_x = b_sin * np.cos(x)
    del b_sin
    b_pow3 = item_grad(b_items2, 0, pow3)
    del pow3
    b_x += b_pow3 * 2.0 * x
    del b_pow3
    b_sum1 = unbroadcast(b_add1, sum1)
    b_sum2 = sum_product(b_add1, mean, sum2)
    b_mean = mul_into(b_add1, sum2)
    del b_add1
    b_kept = mul_into(kept, b_sum2 * 2.0)
    del kept
    b_mul1 = spread(b_sum1, mul1)
    del mul1
    b_frac = unbroadcast(b_mul1 * whole, frac)
    b_whole = unbroadcast(frac * b_mul1, whole)
    del b_mul1, frac
    # adjoint of line 797: mean = np.average(x ** 2, weights=np.exp(x))
    b_average_args = grad_average(a=pow1, weights=exp, grad_ys=b_mean)
    del pow1
    b_pow1 = b_average_args[0]
    b_exp = b_average_args[1]
    del b_average_args
    b_x += mul_into(b_exp, exp)
    del b_exp, exp
    b_x += b_pow1 * 2.0 * x
    del b_pow1
    # adjoint of line 796: kept = np.compress([True, False, True, True], x)
    b_x = bwd_compress(_record_compress, b_kept, b_x)
    del b_kept
    # adjoint of line 795: frac, whole = np.modf(x * 1.7)
    b_modf1 = item_add(None, modf1, 1, b_whole)
    b_modf1 = item_add(b_modf1, modf1, 0, b_frac)
    del b_frac
    b_modf_x = bwd_modf(_record_modf, b_modf1, None)
    b_x += b_modf_x * 1.7
    return finish(b_x, x)
