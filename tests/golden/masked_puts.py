def grad_place_result(arr, mask, vals, grad_ys=None):
    mask_positions1 = mask_positions(arr, mask, vals, 'place')
    unpacked1 = unpacked(mask_positions1, 2)
    at = mask_positions1[0]
    m = mask_positions1[1]
    cmp = at is None
    if cmp:
        pass
    else:
        ravel = np.ravel(vals)
        take = np.take(ravel, at)
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 409: if at is None:
    if cmp:
        # adjoint of line 410: return arr
        b_arr = b_retval
        b_vals = np.zeros_like(vals)
    else:
        # adjoint of line 411: return np.where(m, np.take(np.ravel(vals), at), arr)
        b_take = unbroadcast(np.where(m, b_retval, 0.0), take)
        b_arr = unbroadcast(np.where(m, 0.0, b_retval), arr)
        b_ravel = take_grad(b_take, ravel, at, None, 'raise')
        del b_take
        b_vals = np.reshape(b_ravel, np.shape(vals))
    return b_arr, b_vals


def grad_putmask_result(a, mask, values, grad_ys=None):
    mask_positions1 = mask_positions(a, mask, values, 'putmask')
    unpacked1 = unpacked(mask_positions1, 2)
    at = mask_positions1[0]
    m = mask_positions1[1]
    cmp = at is None
    if cmp:
        pass
    else:
        ravel = np.ravel(values)
        take = np.take(ravel, at)
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 402: if at is None:
    if cmp:
        # adjoint of line 403: return a
        b_a = b_retval
        b_values = np.zeros_like(values)
    else:
        # adjoint of line 404: return np.where(m, np.take(np.ravel(values), at), a)
        b_take = unbroadcast(np.where(m, b_retval, 0.0), take)
        b_a = unbroadcast(np.where(m, 0.0, b_retval), a)
        b_ravel = take_grad(b_take, ravel, at, None, 'raise')
        del b_take
        b_values = np.reshape(b_ravel, np.shape(values))
    return b_a, b_values


def grad_masked_puts(x, grad_ys=None):
    y = x ** 2
    cmp = x > 0.5
    mul = x[:2] * 3.0
    putmask_into = putmask_result(y, cmp, mul)
    _y_saved = np.copy(y[...])
    y[...] = putmask_into
    z = x.copy()
    cmp1 = x < 0.5
    x_i1 = x[1:3]
    sin = np.sin(x_i1)
    place_into = place_result(z, cmp1, sin)
    _z_saved = np.copy(z[...])
    z[...] = place_into
    check_broadcast(y, z)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 1280: return np.sum(y * z)
    b_y = b_sum1 * z
    b_z = y * b_sum1
    # adjoint of line 1279: np.place(z, x < 0.5, np.sin(x[1:3]))
    b_place_into = unbroadcast(np.copy(b_z[...]), place_into)
    del place_into
    b_z[...] = 0.0
    z[...] = _z_saved
    b_place_result_args = grad_place_result(z, cmp1, sin, grad_ys=b_place_into)
    del b_place_into, sin, z
    b_z += b_place_result_args[0]
    b_sin = b_place_result_args[1]
    del b_place_result_args
    b_x_i1 = mul_into(b_sin, np.cos(x_i1))
    del b_sin, x_i1
    b_x = index_add(b_z, x, slice(1, 3, None), b_x_i1)
    del b_x_i1, b_z
    # adjoint of line 1277: np.putmask(y, x > 0.5, x[:2] * 3.0)
    b_putmask_into = unbroadcast(np.copy(b_y[...]), putmask_into)
    del putmask_into
    b_y[...] = 0.0
    y[...] = _y_saved
    b_putmask_result_args = grad_putmask_result(y, cmp, mul, grad_ys=
        b_putmask_into)
    del b_putmask_into, mul, y
    b_y += b_putmask_result_args[0]
    b_mul = b_putmask_result_args[1]
    del b_putmask_result_args
    b_x_i = mul_into(b_mul, 3.0)
    del b_mul
    b_x[:2] += b_x_i
    del b_x_i
    # adjoint of line 1276: y = x ** 2
    b_x += b_y * 2.0 * x
    return finish(b_x, x)
