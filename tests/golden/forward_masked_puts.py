def jvp_putmask_result(a, mask, values, tangents):
    t_a = tangents[0]
    t_values = tangents[1]
    mask_positions1 = mask_positions(a, mask, values, 'putmask')
    unpacked1 = unpacked(mask_positions1, 2)
    at = mask_positions1[0]
    m = mask_positions1[1]
    cmp = at is None
    if cmp:
        # line 403: return a
        _retval = a
        t_retval = t_a
    else:
        # line 404: return np.where(m, np.take(np.ravel(values), at), a)
        ravel = np.ravel(values)
        t_ravel = np.reshape(t_values, np.shape(ravel))
        take = np.take(ravel, at)
        t_take = np.take(t_ravel, at, axis=None, mode='raise')
        _retval = np.where(m, take, a)
        t_retval = broadcast_like(np.where(m, t_take, 0.0), _retval
            ) + broadcast_like(np.where(m, 0.0, t_a), _retval)
    return _retval, t_retval


def jvp_place_result(arr, mask, vals, tangents):
    t_arr = tangents[0]
    t_vals = tangents[1]
    mask_positions1 = mask_positions(arr, mask, vals, 'place')
    unpacked1 = unpacked(mask_positions1, 2)
    at = mask_positions1[0]
    m = mask_positions1[1]
    cmp = at is None
    if cmp:
        # line 410: return arr
        _retval = arr
        t_retval = t_arr
    else:
        # line 411: return np.where(m, np.take(np.ravel(vals), at), arr)
        ravel = np.ravel(vals)
        t_ravel = np.reshape(t_vals, np.shape(ravel))
        take = np.take(ravel, at)
        t_take = np.take(t_ravel, at, axis=None, mode='raise')
        _retval = np.where(m, take, arr)
        t_retval = broadcast_like(np.where(m, t_take, 0.0), _retval
            ) + broadcast_like(np.where(m, 0.0, t_arr), _retval)
    return _retval, t_retval


def jvp_masked_puts(x, tangents):
    # line 1276: y = x ** 2
    y = x ** 2
    t_y = tangents * 2.0 * x
    # line 1277: np.putmask(y, x > 0.5, x[:2] * 3.0)
    cmp = x > 0.5
    t_x_i = tangents[:2]
    mul = x[:2] * 3.0
    t_mul = broadcast_like(t_x_i * 3.0, mul)
    putmask_into, t_putmask_into = jvp_putmask_result(y, cmp, mul, tangents
        =(t_y, t_mul))
    y[...] = putmask_into
    t_y = np.copy(t_y)
    t_y[...] = t_putmask_into
    # line 1278: z = x.copy()
    z = x.copy()
    # line 1279: np.place(z, x < 0.5, np.sin(x[1:3]))
    cmp1 = x < 0.5
    x_i1 = x[1:3]
    t_x_i1 = tangents[1:3]
    sin = np.sin(x_i1)
    t_sin = t_x_i1 * np.cos(x_i1)
    place_into, t_place_into = jvp_place_result(z, cmp1, sin, tangents=(
        tangents, t_sin))
    z[...] = place_into
    t_z = np.copy(tangents)
    t_z[...] = t_place_into
    # line 1280: return np.sum(y * z)
    mul1 = y * z
    t_mul1 = broadcast_like(t_y * z, mul1) + broadcast_like(y * t_z, mul1)
    sum1 = np.sum(mul1)
    t_sum1 = np.sum(t_mul1, axis=None, keepdims=False)
    return sum1, t_sum1
