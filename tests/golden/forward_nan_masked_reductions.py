def jvp_nan_masked_reductions(x, tangents):
    # line 1179: y = np.where(_HOLES, np.nan, x)
    nan = np.nan
    y = np.where(_HOLES, nan, x)
    t_y = broadcast_like(np.where(_HOLES, 0.0, tangents), y)
    # line 1180: return (np.sum(np.nansum(y, axis=1, initial=0.5, where=_KEEP) ** 2)
    nansum = np.nansum(y, axis=1, initial=0.5, where=_KEEP)
    t_nansum = np.sum(np.where(kept_not_nan(y, _KEEP), t_y, 0.0), axis=1,
        keepdims=False)
    t_pow1 = t_nansum * 2.0 * nansum
    sum1 = np.sum(nansum ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    nanprod = np.nanprod(y, where=_KEEP, initial=2.0)
    mask = kept_not_nan(y, _KEEP)
    t_nanprod = np.sum(np.where(mask, t_y, 0.0) * masked_prod_others(y,
        None, 2.0, mask), axis=None, keepdims=False)
    add = sum1 + nanprod
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_nanprod, add)
    nanmax = np.nanmax(y, axis=0, initial=-1.0, where=_KEEP)
    mask1 = kept_not_nan(y, _KEEP)
    t_nanmax = np.sum(np.where(mask1, t_y, 0.0) * extreme_mask(y, nanmax, 0,
        False, -1.0, mask1), axis=0, keepdims=False)
    sum2 = np.sum(nanmax)
    t_sum2 = np.sum(t_nanmax, axis=None, keepdims=False)
    add1 = add + sum2
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum2, add1)
    mul = y * y
    t_mul = 2.0 * broadcast_like(t_y * y, mul)
    nanmean = np.nanmean(mul, axis=1, where=_KEEP)
    mask2 = kept_not_nan(mul, _KEEP)
    t_nanmean = np.sum(np.where(mask2, t_mul, 0.0), axis=1, keepdims=False
        ) / np.maximum(np.sum(mask2, axis=1, keepdims=False), 1)
    sum3 = np.sum(nanmean)
    t_sum3 = np.sum(t_nanmean, axis=None, keepdims=False)
    add2 = add1 + sum3
    t_add2 = broadcast_like(t_add1, add2) + broadcast_like(t_sum3, add2)
    return add2, t_add2
