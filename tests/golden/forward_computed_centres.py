def jvp_var_about(a, axis, mean, dtype=None, out=None, ddof=0, keepdims=
    False, where=True, correction=None, tangents=None):
    t_a = tangents[0]
    t_mean = tangents[1]
    # line 79: return np.var(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),
    sub = a - mean
    t_sub = broadcast_like(t_a, sub) - broadcast_like(t_mean, sub)
    moment_dof1 = moment_dof(ddof, correction, out)
    float_dtype(dtype,
        'srcdiff/rules/reduction_options.py:79: `return np.var(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),`'
        )
    var = np.var(sub, axis=axis, dtype=dtype, ddof=moment_dof1, keepdims=
        keepdims, where=where, mean=0.0)
    half = masked_deviation(sub, axis, where, 0.0, dof(moment_dof1, None))
    t_var = np.real(np.sum(t_sub * half, axis=axis, keepdims=keepdims)) * 2.0
    return var, t_var


def jvp_std_about(a, mean, axis=None, dtype=None, out=None, ddof=0,
    keepdims=False, where=True, correction=None, tangents=None):
    t_a = tangents[0]
    t_mean = tangents[1]
    # line 86: return np.std(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),
    sub = a - mean
    t_sub = broadcast_like(t_a, sub) - broadcast_like(t_mean, sub)
    moment_dof1 = moment_dof(ddof, correction, out)
    float_dtype(dtype,
        'srcdiff/rules/reduction_options.py:86: `return np.std(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),`'
        )
    std = np.std(sub, axis=axis, dtype=dtype, ddof=moment_dof1, keepdims=
        keepdims, where=where, mean=0.0)
    half = masked_deviation(sub, axis, where, 0.0, dof(moment_dof1, None))
    t_std = np.real(np.sum(t_sub * half, axis=axis, keepdims=keepdims)
        ) / positive_or_one(std)
    return std, t_std


def jvp_max_from(a, axis=None, out=None, keepdims=False, initial=None,
    where=True, tangents=None):
    t_a = tangents[0]
    t_initial = tangents[1]
    # line 41: c = cast_like(np.reshape(initial, ()), a)
    reshape = np.reshape(initial, ())
    t_reshape = np.reshape(t_initial, np.shape(reshape))
    c = cast_like(reshape, a)
    t_c = np.reshape(cast_tangent(t_reshape, c), np.shape(c))
    # line 42: top = np.max(np.where(where, a, extreme_fill(a, -1)), axis=axis_without_out(axis, out),
    extreme_fill1 = extreme_fill(a, -1)
    where1 = np.where(where, a, extreme_fill1)
    t_where1 = broadcast_like(np.where(where, t_a, 0.0), where1)
    axis_without_out1 = axis_without_out(axis, out)
    top = np.max(where1, axis=axis_without_out1, keepdims=keepdims)
    t_top = np.sum(t_where1 * reduce_mask(where1, top, axis_without_out1,
        keepdims), axis=axis_without_out1, keepdims=keepdims)
    # line 44: return np.maximum(top, c)
    maximum = np.maximum(top, c)
    t_maximum = broadcast_like(t_top * ((top > c) + 0.5 * (top == c)), maximum
        ) + broadcast_like(t_c * ((c > top) + 0.5 * (top == c)), maximum)
    return maximum, t_maximum


def jvp_nanmax_from(a, axis=None, out=None, keepdims=False, initial=None,
    where=True, tangents=None):
    t_a = tangents[0]
    t_initial = tangents[1]
    # line 61: return np.max(a, axis=axis_without_out(axis, out), keepdims=keepdims, initial=initial,
    axis_without_out1 = axis_without_out(axis, out)
    isnan = np.isnan(a)
    logical_and = np.logical_and(where, ~isnan)
    max1, t_max1 = jvp_max_from(a, axis=axis_without_out1, keepdims=
        keepdims, initial=initial, where=logical_and, tangents=(t_a, t_initial)
        )
    return max1, t_max1


def jvp_computed_centres(x, tangents):
    # line 1193: m = np.mean(x, axis=1, keepdims=True) * 0.5
    mean = np.mean(x, axis=1, keepdims=True)
    t_mean = np.mean(tangents, axis=1, keepdims=True)
    m = mean * 0.5
    t_m = broadcast_like(t_mean * 0.5, m)
    # line 1194: return (np.sum(np.var(x, axis=1, mean=m)) + np.std(x, mean=x[0, 0])
    var, t_var = jvp_var_about(a=x, axis=1, mean=m, tangents=(tangents, t_m))
    sum1 = np.sum(var)
    t_sum1 = np.sum(t_var, axis=None, keepdims=False)
    std, t_std = jvp_std_about(a=x, mean=x[0, 0], tangents=(tangents,
        tangents[0, 0]))
    add = sum1 + std
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_std, add)
    mul = x[1, 1] * 2.0
    t_mul = broadcast_like(tangents[1, 1] * 2.0, mul)
    nanmax, t_nanmax = jvp_nanmax_from(x, initial=mul, tangents=(tangents,
        t_mul))
    add1 = add + nanmax
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_nanmax, add1)
    return add1, t_add1
