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


def fwd_maximum_reduce(array, axis=0, dtype=None, out=None, keepdims=False):
    axis_without_out1 = axis_without_out(axis, out, dtype, array)
    max1 = np.max(array, axis=axis_without_out1, keepdims=keepdims)
    return max1, (array, axis_without_out1, keepdims, max1)


def bwd_maximum_reduce(_record, grad_ys, b_array):
    # the values the primal sweep recorded
    array, axis_without_out1, keepdims, max1 = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 143: return np.max(array, axis=axis_without_out(axis, out, dtype, array), keepdims=keepdims)
    b_array = extreme_grad(grad_ys, array, max1, axis_without_out1, keepdims
        ) if b_array is None else b_array + extreme_grad(grad_ys, array,
        max1, axis_without_out1, keepdims)
    return b_array


def grad_var_about(a, axis, dtype, out, ddof, mean, keepdims=False, where=
    True, correction=None, grad_ys=None):
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


def grad_positional_options_through_definitions(x, grad_ys=None):
    mul = x[1:2] * 0.5
    v = var_about(x, 0, None, None, 1, mean=mul)
    t, _record_max_from = fwd_max_from(x, 1, None, True, initial=x[0, 0] * 0.5)
    r, _record_maximum_reduce = fwd_maximum_reduce(x, 1)
    x_i2 = x[:, 0]
    mul2 = r * x_i2
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 1239: return np.sum(v ** 2) + np.sum(np.sin(t)) + np.sum(r * x[:, 0])
    b_mul2 = spread(b_add1, mul2)
    del mul2
    b_r = unbroadcast(b_mul2 * x_i2, r)
    b_x_i2 = unbroadcast(r * b_mul2, x_i2)
    del b_mul2, r, x_i2
    b_x = index_add(None, x, (slice(None, None, None), 0), b_x_i2)
    del b_x_i2
    b_t = b_add1 * np.cos(t)
    del t
    b_v = mul_into(v, b_add1 * 2.0)
    del v
    # adjoint of line 1238: r = np.maximum.reduce(x, 1)
    b_x = bwd_maximum_reduce(_record_maximum_reduce, b_r, b_x)
    del b_r
    # adjoint of line 1237: t = x.max(1, None, True, initial=x[0, 0] * 0.5)
    b_max_from_args = bwd_max_from(_record_max_from, b_t, b_x)
    del b_t, b_x
    b_x = b_max_from_args[0]
    b_x[0, 0] += b_max_from_args[1] * 0.5
    del b_max_from_args
    # adjoint of line 1236: v = np.var(x, 0, None, None, 1, mean=x[1:2] * 0.5)
    b_var_about_args = grad_var_about(a=x, axis=0, dtype=None, out=None,
        ddof=1, mean=mul, grad_ys=b_v)
    del b_v, mul
    b_x += b_var_about_args[0]
    b_mul = b_var_about_args[1]
    del b_var_about_args
    b_x_i = mul_into(b_mul, 0.5)
    del b_mul
    b_x[1:2] += b_x_i
    return finish(b_x, x)
