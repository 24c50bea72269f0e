def grad_interpolated_median_loss(x, fp, grad_ys=None):
    items = [0.25, 0.5, 0.25]
    array = np.array(items)
    smooth = np.convolve(x, array, mode='same')
    curve = np.interp(smooth, _KNOTS, fp)
    pow1 = curve ** 2
    median = np.median(pow1)
    fp_i = fp[:3]
    mean = np.mean(x)
    polyval = np.polyval(fp_i, mean)
    # seed: the gradient of the sum of the outputs
    b_add = seed(grad_ys, median + polyval)
    # adjoint of line 255: return np.median(curve ** 2) + np.polyval(fp[:3], np.mean(x))
    b_median = unbroadcast(b_add, median)
    del median
    b_polyval = unbroadcast(b_add, polyval)
    del b_add, polyval
    b_fp_i = polyval_coefficient_grad(b_polyval, fp_i, mean)
    b_mean = unbroadcast(b_polyval * poly_slope(fp_i, mean), mean)
    del b_polyval, fp_i
    b_x = b_mean / size_of(x)
    b_fp = index_add(None, fp, slice(None, 3, None), b_fp_i)
    del b_fp_i
    b_pow1 = quantile_grad(b_median, pow1, 0.5, None, False)
    del b_median, pow1
    b_curve = mul_into(curve, b_pow1 * 2.0)
    del b_pow1, curve
    # adjoint of line 254: curve = np.interp(smooth, _KNOTS, fp)
    b_smooth = interp_grad_x(b_curve, smooth, _KNOTS, fp, None)
    b_fp += interp_grad_fp(b_curve, smooth, _KNOTS, fp, None, None, None)
    del b_curve, smooth
    # adjoint of line 253: smooth = np.convolve(x, np.array([0.25, 0.5, 0.25]), mode="same")
    b_x = add_into(b_x, np_convolve_grad(b_smooth, x, array, 'same'))
    return finish(b_x, x), finish(b_fp, fp)
