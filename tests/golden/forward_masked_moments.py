def jvp_masked_moments(x, tangents):
    # line 1187: y = np.where(_HOLES, np.nan, x)
    nan = np.nan
    y = np.where(_HOLES, nan, x)
    t_y = broadcast_like(np.where(_HOLES, 0.0, tangents), y)
    # line 1188: return (np.sum(np.var(x, axis=1, where=_KEEP)) + np.std(x * x, where=_KEEP, ddof=1)
    var = np.var(x, axis=1, where=_KEEP)
    half = masked_deviation(x, 1, _KEEP, None, dof(0, None))
    t_var = np.real(np.sum(tangents * half, axis=1, keepdims=False)) * 2.0
    sum1 = np.sum(var)
    t_sum1 = np.sum(t_var, axis=None, keepdims=False)
    mul = x * x
    t_mul = 2.0 * broadcast_like(tangents * x, mul)
    std = np.std(mul, where=_KEEP, ddof=1)
    half1 = masked_deviation(mul, None, _KEEP, None, dof(1, None))
    t_std = np.real(np.sum(t_mul * half1, axis=None, keepdims=False)
        ) / positive_or_one(std)
    add = sum1 + std
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_std, add)
    nanvar = np.nanvar(y, axis=1, where=_KEEP)
    mask = kept_not_nan(y, _KEEP)
    half2 = masked_deviation(y, 1, mask, None, dof(0, None))
    t_nanvar = np.real(np.sum(np.where(mask, t_y, 0.0) * half2, axis=1,
        keepdims=False)) * 2.0
    sum2 = np.sum(nanvar)
    t_sum2 = np.sum(t_nanvar, axis=None, keepdims=False)
    add1 = add + sum2
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum2, add1)
    nanstd = np.nanstd(y, where=_KEEP)
    mask1 = kept_not_nan(y, _KEEP)
    half3 = masked_deviation(y, None, mask1, None, dof(0, None))
    t_nanstd = np.real(np.sum(np.where(mask1, t_y, 0.0) * half3, axis=None,
        keepdims=False)) / positive_or_one(nanstd)
    add2 = add1 + nanstd
    t_add2 = broadcast_like(t_add1, add2) + broadcast_like(t_nanstd, add2)
    return add2, t_add2
