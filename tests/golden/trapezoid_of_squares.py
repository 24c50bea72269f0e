def fwd_trapezoid(y, x=None, dx=1.0, axis=-1):
    # names the record holds that a path may leave unbound
    d = None
    asarray = np.asarray(y)
    _y = y
    y = np.moveaxis(asarray, axis, -1)
    cmp = x is None
    if cmp:
        d = dx
    else:
        ndim = np.ndim(x)
        cmp1 = ndim == 1
        if cmp1:
            d = np.diff(x)
        else:
            asarray1 = np.asarray(x)
            moveaxis = np.moveaxis(asarray1, axis, -1)
            d = np.diff(moveaxis, axis=-1)
    y_i = y[..., 1:]
    y_i1 = y[..., :-1]
    add = y_i + y_i1
    div = d * add / 2.0
    sum1 = np.sum(div, axis=-1)
    return sum1, (_y, add, axis, d, div, y, y_i, y_i1)


def bwd_trapezoid(_record, grad_ys=None):
    # the values the primal sweep recorded
    _y, add, axis, d, div, y, y_i, y_i1 = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 46: return np.sum(d * (y[..., 1:] + y[..., :-1]) / 2.0, axis=-1)
    b_div = unreduce(grad_ys, div, -1, False)
    del div
    b_mul = b_div / 2.0
    del b_div
    b_add = unbroadcast(d * b_mul, add)
    del add, b_mul
    b_y_i = unbroadcast(b_add, y_i)
    del y_i
    b_y_i1 = unbroadcast(b_add, y_i1)
    del b_add, y_i1
    b_y = index_add(None, y, (..., slice(None, -1, None)), b_y_i1)
    del b_y_i1
    b_y = index_add(b_y, y, (..., slice(1, None, None)), b_y_i)
    del b_y_i
    # adjoint of line 39: y = np.moveaxis(np.asarray(y), axis, -1)
    b_asarray = np.moveaxis(b_y, -1, axis)
    del b_y
    b_y = unstack_like(b_asarray, _y)
    return b_y


def grad_trapezoid_of_squares(y, grad_ys=None):
    trapezoid1, _record_trapezoid = fwd_trapezoid(y ** 2, dx=0.3)
    # seed: the gradient of the sum of the outputs
    b_trapezoid1 = seed(grad_ys, trapezoid1)
    del trapezoid1
    # adjoint of line 339: return np.trapezoid(y ** 2, dx=0.3)
    b_trapezoid_y = bwd_trapezoid(_record_trapezoid, b_trapezoid1)
    del b_trapezoid1
    b_y = b_trapezoid_y * 2.0 * y
    return finish(b_y, y)
