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


def fwd_nanmax_from(a, axis=None, out=None, keepdims=False, initial=None,
    where=True):
    axis_without_out1 = axis_without_out(axis, out)
    isnan = np.isnan(a)
    logical_and = np.logical_and(where, ~isnan)
    max1, _record_max_from = fwd_max_from(a, axis=axis_without_out1,
        keepdims=keepdims, initial=initial, where=logical_and)
    return max1, (_record_max_from, a)


def bwd_nanmax_from(_record, grad_ys, b_a):
    # the values the primal sweep recorded
    _record_max_from, a = _record
    # seed: the gradient of the sum of the outputs
    b_a = cotangent(b_a, a)
    # adjoint of line 61: return np.max(a, axis=axis_without_out(axis, out), keepdims=keepdims, initial=initial,
    b_max_from_args = bwd_max_from(_record_max_from, grad_ys, b_a)
    b_a = b_max_from_args[0]
    b_initial = b_max_from_args[1]
    return b_a, b_initial


def grad_std_about(a, mean, axis=None, dtype=None, out=None, ddof=0,
    keepdims=False, where=True, correction=None, grad_ys=None):
    sub = a - mean
    moment_dof1 = moment_dof(ddof, correction, out)
    float_dtype(dtype,
        'srcdiff/rules/reduction_options.py:86: `return np.std(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),`'
        )
    std = np.std(sub, axis=axis, dtype=dtype, ddof=moment_dof1, keepdims=
        keepdims, where=where, mean=0.0)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 86: return np.std(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),
    half = masked_deviation(sub, axis, where, 0.0, dof(moment_dof1, None))
    b_sub = unreduce(grad_ys / positive_or_one(std), sub, axis, keepdims, half
        ) * half
    del std, sub
    b_mean = -unbroadcast(b_sub, mean)
    return b_sub, b_mean


def grad_var_about(a, axis, mean, dtype=None, out=None, ddof=0, keepdims=
    False, where=True, correction=None, grad_ys=None):
    sub = a - mean
    moment_dof1 = moment_dof(ddof, correction, out)
    float_dtype(dtype,
        'srcdiff/rules/reduction_options.py:79: `return np.var(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),`'
        )
    # seed: the gradient of the sum of the outputs
    # adjoint of line 79: return np.var(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),
    half = masked_deviation(sub, axis, where, 0.0, dof(moment_dof1, None))
    b_sub = unreduce(grad_ys, sub, axis, keepdims, half) * 2.0 * half
    del sub
    b_mean = -unbroadcast(b_sub, mean)
    return b_sub, b_mean


def grad_computed_centres(x, grad_ys=None):
    mean = np.mean(x, axis=1, keepdims=True)
    m = mean * 0.5
    var = var_about(x, axis=1, mean=m)
    sum1 = np.sum(var)
    x_i = x[0, 0]
    std = std_about(x, mean=x_i)
    add = sum1 + std
    nanmax, _record_nanmax_from = fwd_nanmax_from(x, initial=x[1, 1] * 2.0)
    # seed: the gradient of the sum of the outputs
    b_add1 = seed(grad_ys, add + nanmax)
    # adjoint of line 1194: return (np.sum(np.var(x, axis=1, mean=m)) + np.std(x, mean=x[0, 0])
    b_add = unbroadcast(b_add1, add)
    del add
    b_nanmax = unbroadcast(b_add1, nanmax)
    del b_add1, nanmax
    b_nanmax_from_args = bwd_nanmax_from(_record_nanmax_from, b_nanmax, None)
    del b_nanmax
    b_x = b_nanmax_from_args[0]
    b_x[1, 1] += b_nanmax_from_args[1] * 2.0
    del b_nanmax_from_args
    b_sum1 = unbroadcast(b_add, sum1)
    b_std_about_args = grad_std_about(a=x, mean=x_i, grad_ys=b_add)
    del b_add
    b_x += b_std_about_args[0]
    b_x[0, 0] += b_std_about_args[1]
    del b_std_about_args
    b_var = spread(b_sum1, var)
    del var
    b_var_about_args = grad_var_about(a=x, axis=1, mean=m, grad_ys=b_var)
    del b_var, m
    b_x += b_var_about_args[0]
    b_m = b_var_about_args[1]
    del b_var_about_args
    # adjoint of line 1193: m = np.mean(x, axis=1, keepdims=True) * 0.5
    b_mean = mul_into(b_m, 0.5)
    del b_m
    b_x += unreduce(b_mean, x, 1, True, b_x) * (size_of(mean) / size_of(x))
    return finish(b_x, x)
