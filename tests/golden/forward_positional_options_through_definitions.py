def jvp_var_about(a, axis, dtype, out, ddof, mean, keepdims=False, where=
    True, correction=None, tangents=None):
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


def jvp_maximum_reduce(array, axis=0, dtype=None, out=None, keepdims=False,
    tangents=None):
    t_array = tangents[0]
    # line 143: return np.max(array, axis=axis_without_out(axis, out, dtype, array), keepdims=keepdims)
    axis_without_out1 = axis_without_out(axis, out, dtype, array)
    max1 = np.max(array, axis=axis_without_out1, keepdims=keepdims)
    t_max1 = np.sum(t_array * reduce_mask(array, max1, axis_without_out1,
        keepdims), axis=axis_without_out1, keepdims=keepdims)
    return max1, t_max1


def jvp_positional_options_through_definitions(x, tangents):
    # line 1236: v = np.var(x, 0, None, None, 1, mean=x[1:2] * 0.5)
    t_x_i = tangents[1:2]
    mul = x[1:2] * 0.5
    t_mul = broadcast_like(t_x_i * 0.5, mul)
    v, t_v = jvp_var_about(a=x, axis=0, dtype=None, out=None, ddof=1, mean=
        mul, tangents=(tangents, t_mul))
    # line 1237: t = x.max(1, None, True, initial=x[0, 0] * 0.5)
    mul1 = x[0, 0] * 0.5
    t_mul1 = broadcast_like(tangents[0, 0] * 0.5, mul1)
    t, t_t = jvp_max_from(x, 1, None, True, initial=mul1, tangents=(
        tangents, t_mul1))
    # line 1238: r = np.maximum.reduce(x, 1)
    r, t_r = jvp_maximum_reduce(x, 1, tangents=(tangents,))
    # line 1239: return np.sum(v ** 2) + np.sum(np.sin(t)) + np.sum(r * x[:, 0])
    t_pow1 = t_v * 2.0 * v
    sum1 = np.sum(v ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    sin = np.sin(t)
    t_sin = t_t * np.cos(t)
    sum2 = np.sum(sin)
    t_sum2 = np.sum(t_sin, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    x_i2 = x[:, 0]
    t_x_i2 = tangents[:, 0]
    mul2 = r * x_i2
    t_mul2 = broadcast_like(t_r * x_i2, mul2) + broadcast_like(r * t_x_i2, mul2
        )
    sum3 = np.sum(mul2)
    t_sum3 = np.sum(t_mul2, axis=None, keepdims=False)
    add1 = add + sum3
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum3, add1)
    return add1, t_add1
