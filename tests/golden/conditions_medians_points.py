def fwd_condition_number(x, p=None):
    # names the record holds that a path may leave unbound
    cmp = None
    inv = None
    items = None
    items1 = None
    norm = None
    norm1 = None
    r = None
    s = None
    s_i = None
    s_i1 = None
    s_i2 = None
    s_i3 = None
    cond = p is None
    _took = not cond
    if _took:
        cond = p == 2
        if not cond:
            cond = p == -2
    if cond:
        s = np.linalg.svd(x, compute_uv=False)
        cmp = p == -2
        if cmp:
            s_i = s[..., -1]
            s_i1 = s[..., 0]
            r = s_i / s_i1
        else:
            s_i2 = s[..., 0]
            s_i3 = s[..., -1]
            r = s_i2 / s_i3
    else:
        items = -2, -1
        norm = np.linalg.norm(x, p, axis=items)
        inv = np.linalg.inv(x)
        items1 = -2, -1
        norm1 = np.linalg.norm(inv, p, axis=items1)
        r = norm * norm1
    isnan = np.isnan(r)
    isnan1 = np.isnan(x)
    any1 = np.any(isnan1, axis=(-2, -1))
    and1 = isnan & ~any1
    inf = np.inf
    where = np.where(and1, inf, r)
    _value = where
    return _value, (_took, and1, cmp, cond, inv, items, items1, norm, norm1,
        p, r, s, s_i, s_i1, s_i2, s_i3, x)


def bwd_condition_number(_record, grad_ys, b_x):
    # the values the primal sweep recorded
    (_took, and1, cmp, cond, inv, items, items1, norm, norm1, p, r, s, s_i,
        s_i1, s_i2, s_i3, x) = _record
    # seed: the gradient of the sum of the outputs
    b_x = cotangent(b_x, x)
    # adjoint of line 63: return np.where(np.isnan(r) & ~np.any(np.isnan(x), axis=(-2, -1)), np.inf, r)
    b_r = unbroadcast(np.where(and1, 0.0, grad_ys), r)
    # adjoint of line 54: if p is None or p == 2 or p == -2:
    if cond:
        # adjoint of line 56: if p == -2:
        if cmp:
            # adjoint of line 57: r = s[..., -1] / s[..., 0]
            b_s_i = unbroadcast(b_r / s_i1, s_i)
            b_s_i1 = -unbroadcast(b_r / s_i1 * r, s_i1)
            del b_r
            b_s = item_add(None, s, (..., 0), b_s_i1)
            b_s = item_add(b_s, s, (..., -1), b_s_i)
        else:
            # adjoint of line 59: r = s[..., 0] / s[..., -1]
            b_s_i2 = unbroadcast(b_r / s_i3, s_i2)
            b_s_i3 = -unbroadcast(b_r / s_i3 * r, s_i3)
            del b_r
            b_s = item_add(None, s, (..., -1), b_s_i3)
            b_s = item_add(b_s, s, (..., 0), b_s_i2)
        # adjoint of line 55: s = np.linalg.svd(x, compute_uv=False)
        b_x += svd_grad(b_s, s, x, True, False)
    else:
        # adjoint of line 61: r = np.linalg.norm(x, p, axis=(-2, -1)) * np.linalg.norm(np.linalg.inv(x), p,
        b_norm = unbroadcast(b_r * norm1, norm)
        b_norm1 = unbroadcast(norm * b_r, norm1)
        del b_r
        b_inv = norm_grad(b_norm1, norm1, inv, p, items1, False)
        del b_norm1
        b_x += -inv.T @ b_inv @ inv.T
        del b_inv
        b_x += norm_grad(b_norm, norm, x, p, items, False)
        del b_norm
    # adjoint of line 54: if p is None or p == 2 or p == -2:
    if _took:
        pass
    return b_x


def grad_nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=
    False, grad_ys=None):
    _a = a
    a = np.asarray(a)
    cmp = axis is None
    if cmp:
        ndim = a.ndim
        range1 = range(ndim)
        axes = tuple(range1)
    else:
        items = []
        atleast_1d = np.atleast_1d(axis)
        n = len(atleast_1d)
        for k1 in range(n):
            k = atleast_1d[k1]
            int1 = int(k)
            ndim1 = a.ndim
            items.append(int1 % ndim1)
        sorted1 = sorted(items)
        axes = tuple(sorted1)
    ndim2 = a.ndim
    n1 = len(axes)
    ndim3 = a.ndim
    range2 = range(ndim2 - n1, ndim3)
    tuple1 = tuple(range2)
    moved = np.moveaxis(a, axes, tuple1)
    shape = np.shape(moved)
    ndim4 = a.ndim
    n2 = len(axes)
    item_i = shape[:ndim4 - n2]
    rows = np.reshape(moved, item_i + (-1,))
    ordered = np.sort(rows, axis=-1)
    isnan = np.isnan(rows)
    kept = short_sum(~isnan, axis=-1, keepdims=True)
    maximum = np.maximum(kept - 1, 0)
    floordiv = maximum // 2
    low = np.take_along_axis(ordered, floordiv, axis=-1)
    floordiv1 = kept // 2
    high = np.take_along_axis(ordered, floordiv1, axis=-1)
    low_i = low[..., 0]
    high_i = high[..., 0]
    middle = (low_i + high_i) / 2.0
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 127: if keepdims:
    if keepdims:
        # adjoint of line 128: return np.expand_dims(middle, axes)
        b_middle = np.reshape(b_retval, np.shape(middle))
        del middle
    else:
        # adjoint of line 129: return middle
        b_middle = b_retval
    # adjoint of line 126: middle = (low[..., 0] + high[..., 0]) / 2.0
    b_add1 = b_middle / 2.0
    b_low_i = unbroadcast(b_add1, low_i)
    del low_i
    b_high_i = unbroadcast(b_add1, high_i)
    del b_add1, high_i
    b_high = index_add(None, high, (..., 0), b_high_i)
    del b_high_i, high
    b_low = index_add(None, low, (..., 0), b_low_i)
    del b_low_i, low
    # adjoint of line 125: high = np.take_along_axis(ordered, kept // 2, axis=-1)
    b_ordered = take_along_axis_grad(b_high, ordered, floordiv1, -1)
    del b_high
    # adjoint of line 124: low = np.take_along_axis(ordered, np.maximum(kept - 1, 0) // 2, axis=-1)
    b_ordered = add_into(b_ordered, take_along_axis_grad(b_low, ordered,
        floordiv, -1))
    del b_low
    # adjoint of line 122: ordered = np.sort(rows, axis=-1)
    b_rows = sort_grad(b_ordered, ordered, rows, -1)
    del b_ordered, ordered, rows
    # adjoint of line 121: rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    b_moved = np.reshape(b_rows, np.shape(moved))
    del b_rows, moved
    # adjoint of line 120: moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    b_a = np.moveaxis(b_moved, tuple1, axes)
    del b_moved
    # adjoint of line 115: a = np.asarray(a)
    b_a = unstack_like(b_a, _a)
    return b_a,


def grad_conditions_medians_points(x, grad_ys=None):
    cond, _record_condition_number = fwd_condition_number(x)
    cond1, _record_condition_number1 = fwd_condition_number(x, 'fro')
    c = cond + cond1
    cmp = x > 1.0
    nan = np.nan
    where = np.where(cmp, nan, x)
    m = nanmedian(where, axis=0)
    sum1 = np.sum(m ** 2)
    mul = c * sum1
    x_i = x[0]
    pow2 = x_i ** 2
    exp = np.exp(x[1])
    cumsum = np.cumsum(exp)
    trapezoid = np.trapezoid(pow2, cumsum)
    # seed: the gradient of the sum of the outputs
    b_add = seed(grad_ys, mul + trapezoid)
    # adjoint of line 1212: return c * np.sum(m ** 2) + np.trapezoid(x[0] ** 2, np.cumsum(np.exp(x[1])))
    b_mul = unbroadcast(b_add, mul)
    del mul
    b_trapezoid = unbroadcast(b_add, trapezoid)
    del b_add, trapezoid
    b_pow2 = np.expand_dims(b_trapezoid, -1) * trapezoid_weights(pow2,
        cumsum, 1.0, -1)
    b_cumsum = None if cumsum is None else trapezoid_points_grad(b_trapezoid,
        pow2, cumsum, -1)
    del b_trapezoid, cumsum, pow2
    b_exp = np.reshape(np.flip(np.cumsum(np.flip(b_cumsum, None), None),
        None), np.shape(exp))
    del b_cumsum
    b_x_i1 = mul_into(b_exp, exp)
    del b_exp, exp
    b_x = index_add(None, x, 1, b_x_i1)
    del b_x_i1
    b_x_i = b_pow2 * 2.0 * x_i
    del b_pow2, x_i
    b_x[0] += b_x_i
    del b_x_i
    b_c = b_mul * sum1
    b_sum1 = sum_product(c, b_mul, sum1)
    del b_mul, c
    b_m = mul_into(m, b_sum1 * 2.0)
    del m
    # adjoint of line 1211: m = np.nanmedian(np.where(x > 1.0, np.nan, x), axis=0)
    b_nanmedian_args = grad_nanmedian(where, axis=0, grad_ys=b_m)
    del b_m, where
    b_where = b_nanmedian_args[0]
    del b_nanmedian_args
    b_x += np.where(cmp, 0.0, b_where)
    del b_where
    # adjoint of line 1210: c = np.linalg.cond(x) + np.linalg.cond(x, "fro")
    b_cond = unbroadcast(b_c, cond)
    del cond
    b_cond1 = unbroadcast(b_c, cond1)
    del b_c, cond1
    b_x = bwd_condition_number(_record_condition_number1, b_cond1, b_x)
    del b_cond1
    b_x = bwd_condition_number(_record_condition_number, b_cond, b_x)
    return finish(b_x, x)
