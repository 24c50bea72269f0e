def jvp_condition_number(x, p=None, tangents=None):
    t_x = tangents[0]
    cond = p is None
    if not cond:
        cond = p == 2
        if not cond:
            cond = p == -2
    if cond:
        # line 55: s = np.linalg.svd(x, compute_uv=False)
        s = np.linalg.svd(x, compute_uv=False)
        t_s = svd_tangent(t_x, s, x, True, False)
        cmp = p == -2
        if cmp:
            # line 57: r = s[..., -1] / s[..., 0]
            s_i = s[..., -1]
            t_s_i = item_grad(t_s, (..., -1), s_i)
            s_i1 = s[..., 0]
            t_s_i1 = item_grad(t_s, (..., 0), s_i1)
            r = s_i / s_i1
            t_r = broadcast_like(t_s_i / s_i1, r) - broadcast_like(t_s_i1 /
                s_i1 * r, r)
        else:
            # line 59: r = s[..., 0] / s[..., -1]
            s_i2 = s[..., 0]
            t_s_i2 = item_grad(t_s, (..., 0), s_i2)
            s_i3 = s[..., -1]
            t_s_i3 = item_grad(t_s, (..., -1), s_i3)
            r = s_i2 / s_i3
            t_r = broadcast_like(t_s_i2 / s_i3, r) - broadcast_like(t_s_i3 /
                s_i3 * r, r)
    else:
        # line 61: r = np.linalg.norm(x, p, axis=(-2, -1)) * np.linalg.norm(np.linalg.inv(x), p,
        items = -2, -1
        norm = np.linalg.norm(x, p, axis=items)
        t_norm = norm_tangent(t_x, norm, x, p, items, False)
        inv = np.linalg.inv(x)
        t_inv = -inv @ t_x @ inv
        items1 = -2, -1
        norm1 = np.linalg.norm(inv, p, axis=items1)
        t_norm1 = norm_tangent(t_inv, norm1, inv, p, items1, False)
        r = norm * norm1
        t_r = broadcast_like(t_norm * norm1, r) + broadcast_like(norm *
            t_norm1, r)
    # line 63: return np.where(np.isnan(r) & ~np.any(np.isnan(x), axis=(-2, -1)), np.inf, r)
    isnan = np.isnan(r)
    isnan1 = np.isnan(x)
    any1 = np.any(isnan1, axis=(-2, -1))
    and1 = isnan & ~any1
    inf = np.inf
    where = np.where(and1, inf, r)
    t_where = broadcast_like(np.where(and1, 0.0, t_r), where)
    return where, t_where


def jvp_nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=
    False, tangents=None):
    t_a = tangents[0]
    # line 115: a = np.asarray(a)
    _a_old = a
    a = np.asarray(a)
    t_a = stack_tangents(t_a, _a_old)
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
    # line 120: moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    ndim2 = a.ndim
    n1 = len(axes)
    ndim3 = a.ndim
    range2 = range(ndim2 - n1, ndim3)
    tuple1 = tuple(range2)
    moved = np.moveaxis(a, axes, tuple1)
    t_moved = np.moveaxis(t_a, axes, tuple1)
    # line 121: rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    shape = np.shape(moved)
    ndim4 = a.ndim
    n2 = len(axes)
    item_i = shape[:ndim4 - n2]
    rows = np.reshape(moved, item_i + (-1,))
    t_rows = np.reshape(t_moved, np.shape(rows))
    # line 122: ordered = np.sort(rows, axis=-1)
    ordered = np.sort(rows, axis=-1)
    t_ordered = sort_tangent(t_rows, ordered, rows, -1)
    isnan = np.isnan(rows)
    kept = np.sum(~isnan, axis=-1, keepdims=True)
    # line 124: low = np.take_along_axis(ordered, np.maximum(kept - 1, 0) // 2, axis=-1)
    maximum = np.maximum(kept - 1, 0)
    floordiv = maximum // 2
    low = np.take_along_axis(ordered, floordiv, axis=-1)
    t_low = np.take_along_axis(t_ordered, floordiv, -1)
    # line 125: high = np.take_along_axis(ordered, kept // 2, axis=-1)
    floordiv1 = kept // 2
    high = np.take_along_axis(ordered, floordiv1, axis=-1)
    t_high = np.take_along_axis(t_ordered, floordiv1, -1)
    # line 126: middle = (low[..., 0] + high[..., 0]) / 2.0
    t_low_i = indexable(t_low)[..., 0]
    t_high_i = indexable(t_high)[..., 0]
    add1 = low[..., 0] + high[..., 0]
    t_add1 = broadcast_like(t_low_i, add1) + broadcast_like(t_high_i, add1)
    middle = add1 / 2.0
    t_middle = broadcast_like(t_add1 / 2.0, middle)
    if keepdims:
        # line 128: return np.expand_dims(middle, axes)
        _retval = np.expand_dims(middle, axes)
        t_retval = np.reshape(t_middle, np.shape(_retval))
    else:
        # line 129: return middle
        _retval = middle
        t_retval = t_middle
    return _retval, t_retval


def jvp_conditions_medians_points(x, tangents):
    # line 1210: c = np.linalg.cond(x) + np.linalg.cond(x, "fro")
    cond, t_cond = jvp_condition_number(x, tangents=(tangents,))
    cond1, t_cond1 = jvp_condition_number(x, 'fro', tangents=(tangents,))
    c = cond + cond1
    t_c = broadcast_like(t_cond, c) + broadcast_like(t_cond1, c)
    # line 1211: m = np.nanmedian(np.where(x > 1.0, np.nan, x), axis=0)
    cmp = x > 1.0
    nan = np.nan
    where = np.where(cmp, nan, x)
    t_where = broadcast_like(np.where(cmp, 0.0, tangents), where)
    m, t_m = jvp_nanmedian(where, axis=0, tangents=(t_where,))
    # line 1212: return c * np.sum(m ** 2) + np.trapezoid(x[0] ** 2, np.cumsum(np.exp(x[1])))
    t_pow1 = t_m * 2.0 * m
    sum1 = np.sum(m ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    mul = c * sum1
    t_mul = broadcast_like(t_c * sum1, mul) + broadcast_like(c * t_sum1, mul)
    x_i = x[0]
    t_x_i = tangents[0]
    pow2 = x_i ** 2
    t_pow2 = t_x_i * 2.0 * x_i
    t_x_i1 = tangents[1]
    exp = np.exp(x[1])
    t_exp = t_x_i1 * exp
    cumsum = np.cumsum(exp)
    t_cumsum = np.cumsum(t_exp, None)
    trapezoid = np.trapezoid(pow2, cumsum)
    t_trapezoid = np.sum(t_pow2 * trapezoid_weights(pow2, cumsum, 1.0, -1),
        axis=-1) + (None if cumsum is None else np.sum(trapezoid_spacings(
        t_cumsum, pow2, -1) * trapezoid_means(pow2, -1), axis=-1))
    add = mul + trapezoid
    t_add = broadcast_like(t_mul, add) + broadcast_like(t_trapezoid, add)
    return add, t_add
