def grad_masked_moments(x, grad_ys=None):
    nan = np.nan
    y = np.where(_HOLES, nan, x)
    var = np.var(x, axis=1, where=_KEEP)
    sum1 = np.sum(var)
    mul = x * x
    std = np.std(mul, where=_KEEP, ddof=1)
    nanvar = np.nanvar(y, axis=1, where=_KEEP)
    sum2 = np.sum(nanvar)
    add1 = sum1 + std + sum2
    nanstd = np.nanstd(y, where=_KEEP)
    # seed: the gradient of the sum of the outputs
    b_add2 = seed(grad_ys, add1 + nanstd)
    # adjoint of line 1188: return (np.sum(np.var(x, axis=1, where=_KEEP)) + np.std(x * x, where=_KEEP, ddof=1)
    b_add1 = unbroadcast(b_add2, add1)
    del add1
    b_nanstd = unbroadcast(b_add2, nanstd)
    del b_add2
    half = masked_deviation(y, None, kept_not_nan(y, _KEEP), None, dof(0, None)
        )
    b_y = unreduce(b_nanstd / positive_or_one(nanstd), y, None, False, half
        ) * half
    del b_nanstd, nanstd
    b_sum2 = unbroadcast(b_add1, sum2)
    b_nanvar = spread(b_sum2, nanvar)
    del nanvar
    half2 = masked_deviation(y, 1, kept_not_nan(y, _KEEP), None, dof(0, None))
    b_y += unreduce(b_nanvar, y, 1, False, b_y) * 2.0 * half2
    del b_nanvar, y
    b_sum1 = unbroadcast(b_add1, sum1)
    half3 = masked_deviation(mul, None, _KEEP, None, dof(1, None))
    b_mul = unreduce(b_add1 / positive_or_one(std), mul, None, False, half3
        ) * half3
    del b_add1, mul, std
    b_x = 2.0 * b_mul * x
    del b_mul
    b_var = spread(b_sum1, var)
    del var
    half5 = masked_deviation(x, 1, _KEEP, None, dof(0, None))
    b_x += unreduce(b_var, x, 1, False, b_x) * 2.0 * half5
    del b_var
    # adjoint of line 1187: y = np.where(_HOLES, np.nan, x)
    b_x += unbroadcast(np.where(_HOLES, 0.0, b_y), x)
    return finish(b_x, x)
