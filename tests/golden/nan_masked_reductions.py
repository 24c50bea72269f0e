def grad_nan_masked_reductions(x, grad_ys=None):
    nan = np.nan
    y = np.where(_HOLES, nan, x)
    nansum = np.nansum(y, axis=1, initial=0.5, where=_KEEP)
    sum1 = np.sum(nansum ** 2)
    nanprod = np.nanprod(y, where=_KEEP, initial=2.0)
    nanmax = np.nanmax(y, axis=0, initial=-1.0, where=_KEEP)
    sum2 = np.sum(nanmax)
    mul = y * y
    nanmean = np.nanmean(mul, axis=1, where=_KEEP)
    sum3 = np.sum(nanmean)
    # seed: the gradient of the sum of the outputs
    b_add2 = seed(grad_ys, sum1 + nanprod + sum2 + sum3)
    del nanprod
    # adjoint of line 1180: return (np.sum(np.nansum(y, axis=1, initial=0.5, where=_KEEP) ** 2)
    b_sum3 = unbroadcast(b_add2, sum3)
    b_nanmean = spread(b_sum3, nanmean)
    del nanmean
    b_mul = mean_where_grad(b_nanmean, mul, 1, False, kept_not_nan(mul, _KEEP))
    del b_nanmean, mul
    b_y = 2.0 * b_mul * y
    del b_mul
    b_sum2 = unbroadcast(b_add2, sum2)
    b_nanmax = spread(b_sum2, nanmax)
    b_y += unreduce(b_nanmax, y, 0, False, b_y) * extreme_mask(y, nanmax, 0,
        False, -1.0, kept_not_nan(y, _KEEP))
    del b_nanmax, nanmax
    b_sum1 = unbroadcast(b_add2, sum1)
    b_y += unreduce(b_add2, y, None, False, b_y) * masked_prod_others(y,
        None, 2.0, kept_not_nan(y, _KEEP))
    del b_add2
    b_nansum = mul_into(nansum, b_sum1 * 2.0)
    del nansum
    b_y += np.where(kept_not_nan(y, _KEEP), unreduce(b_nansum, y, 1, False),
        0.0)
    del b_nansum, y
    # adjoint of line 1179: y = np.where(_HOLES, np.nan, x)
    b_x = unbroadcast(np.where(_HOLES, 0.0, b_y), x)
    return finish(b_x, x, False, (grad_ys,))
