def fwd_lstsq(a, b, rcond=None):
    # names the record holds that a path may leave unbound
    abs1 = None
    matmul = None
    pow1 = None
    residuals = None
    sub = None
    sum1 = None
    _a = a
    a = np.asarray(a)
    cutoff = lstsq_cutoff(a, rcond)
    s = np.linalg.svd(a, compute_uv=False)
    pinv = np.linalg.pinv(a, rcond=cutoff)
    x = pinv @ b
    rank = lstsq_rank(s, cutoff)
    shape = np.shape(a)
    cond = rank == shape[1]
    if cond:
        shape1 = np.shape(a)
        shape2 = np.shape(a)
        cond = shape1[0] > shape2[1]
    if cond:
        matmul = a @ x
        sub = b - matmul
        abs1 = np.abs(sub)
        pow1 = abs1 ** 2
        sum1 = np.sum(pow1, axis=0)
        residuals = np.reshape(sum1, (-1,))
    else:
        residuals = np.zeros((0,))
    _value = x, residuals, rank, s
    return _value, (_a, a, abs1, b, cond, cutoff, matmul, pinv, pow1,
        residuals, s, sub, sum1, x)


def bwd_lstsq(_record, grad_ys, b_b):
    # the values the primal sweep recorded
    (_a, a, abs1, b, cond, cutoff, matmul, pinv, pow1, residuals, s, sub,
        sum1, x) = _record
    # seed: the gradient of the sum of the outputs
    b_x = cotangent(grad_ys[0], x)
    b_residuals = cotangent(grad_ys[1], residuals)
    b_s = cotangent(grad_ys[3], s)
    b_b = cotangent(b_b, b)
    # adjoint of line 235: if rank == np.shape(a)[1] and np.shape(a)[0] > np.shape(a)[1]:
    if cond:
        # adjoint of line 236: residuals = np.reshape(np.sum(np.abs(b - a @ x) ** 2, axis=0), (-1,))
        b_sum1 = np.reshape(b_residuals, np.shape(sum1))
        del b_residuals
        b_pow1 = unreduce(b_sum1, pow1, 0, False, abs1)
        del b_sum1
        b_abs1 = b_pow1 * 2.0 * abs1
        del b_pow1
        b_sub = mul_into(b_abs1, np.sign(sub))
        del b_abs1
        b_b += unbroadcast(b_sub, b)
        b_matmul = -unbroadcast(b_sub, matmul)
        del b_sub
        vjp = vjp_matmul(b_matmul, matmul, x=a, y=x)
        del b_matmul
        b_a = vjp[0]
        b_x = add_into(b_x, vjp[1])
        del vjp
    else:
        b_a = np.zeros_like(a)
    # adjoint of line 233: x = np.linalg.pinv(a, rcond=cutoff) @ b
    vjp1 = vjp_matmul(b_x, x, x=pinv, y=b)
    del b_x, x
    b_pinv = vjp1[0]
    b_b += vjp1[1]
    del vjp1
    b_a = b_a + pinv_grad(b_pinv, pinv, a, cutoff, False, None)
    del b_pinv, pinv
    # adjoint of line 232: s = np.linalg.svd(a, compute_uv=False)
    b_a += svd_grad(b_s, s, a, True, False)
    # adjoint of line 230: a = np.asarray(a)
    b_a = unstack_like(b_a, _a)
    return b_a, b_b


def fwd_polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    # names the record holds that a path may leave unbound
    _lhs1 = None
    _rhs1 = None
    _rhs2 = None
    add2 = None
    add3 = None
    add4 = None
    cmp1 = None
    reshape = None
    reshape1 = None
    cutoff = polyfit_plan(x, y, deg, rcond, full, w, cov)
    asarray = np.asarray(x)
    int1 = int(deg)
    lhs = vander(asarray + 0.0, int1 + 1)
    asarray1 = np.asarray(y)
    rhs = asarray1 + 0.0
    cmp = w is not None
    if cmp:
        asarray2 = np.asarray(w)
        add2 = asarray2 + 0.0
        reshape = np.reshape(add2, (-1, 1))
        _lhs1 = lhs
        lhs = lhs * reshape
        ndim = np.ndim(rhs)
        cmp1 = ndim == 2
        if cmp1:
            asarray3 = np.asarray(w)
            add3 = asarray3 + 0.0
            reshape1 = np.reshape(add3, (-1, 1))
            _rhs1 = rhs
            rhs = rhs * reshape1
        else:
            asarray4 = np.asarray(w)
            add4 = asarray4 + 0.0
            _rhs2 = rhs
            rhs = rhs * add4
    mul = lhs * lhs
    sum1 = np.sum(mul, axis=0)
    scale = np.sqrt(sum1)
    div = lhs / scale
    lstsq1, _record_lstsq = fwd_lstsq(div, rhs, rcond=cutoff)
    c = lstsq1[0]
    transposed = c.T
    div1 = transposed / scale
    transposed1 = div1.T
    _value = transposed1
    return _value, (_lhs1, _record_lstsq, _rhs1, _rhs2, add2, add3, add4,
        cmp, cmp1, div, div1, lhs, lstsq1, mul, reshape, reshape1, scale,
        transposed, w, y)


def bwd_polyfit(_record, grad_ys, b_y, b_w):
    # the values the primal sweep recorded
    (_lhs1, _record_lstsq, _rhs1, _rhs2, add2, add3, add4, cmp, cmp1, div,
        div1, lhs, lstsq1, mul, reshape, reshape1, scale, transposed, w, y
        ) = _record
    # seed: the gradient of the sum of the outputs
    b_w = cotangent(b_w, w)
    # adjoint of line 231: return (c.T / scale).T
    b_div1 = np.transpose(grad_ys)
    b_transposed = unbroadcast(b_div1 / scale, transposed)
    del transposed
    b_scale = -unbroadcast(b_div1 / scale * div1, scale)
    del b_div1, div1
    b_c = np.transpose(b_transposed)
    del b_transposed
    # adjoint of line 230: c = np.linalg.lstsq(lhs / scale, rhs, rcond=cutoff)[0]
    b_lstsq1 = item_add(None, lstsq1, 0, b_c)
    del b_c
    b_lstsq_args = bwd_lstsq(_record_lstsq, b_lstsq1, None)
    b_div = b_lstsq_args[0]
    b_rhs = b_lstsq_args[1]
    del b_lstsq_args
    b_lhs = unbroadcast(b_div / scale, lhs)
    b_scale -= unbroadcast(b_div / scale * div, scale)
    del b_div, div
    # adjoint of line 229: scale = np.sqrt(np.sum(lhs * lhs, axis=0))
    b_sum1 = b_scale * 0.5 / scale
    del b_scale, scale
    b_mul = unreduce(b_sum1, mul, 0, False, b_lhs)
    del b_sum1, mul
    b_lhs = add_into(b_lhs, 2.0 * b_mul * lhs)
    del b_mul, lhs
    # adjoint of line 223: if w is not None:
    if cmp:
        # adjoint of line 225: if np.ndim(rhs) == 2:
        if cmp1:
            # adjoint of line 226: rhs = rhs * np.reshape(np.asarray(w) + 0.0, (-1, 1))
            b_rhs_out = b_rhs
            b_rhs = unbroadcast(b_rhs * reshape1, _rhs1)
            b_reshape1 = unbroadcast(_rhs1 * b_rhs_out, reshape1)
            del b_rhs_out
            b_add3 = np.reshape(b_reshape1, np.shape(add3))
            del b_reshape1
            b_w += unstack_like(b_add3, w)
            del b_add3
        else:
            # adjoint of line 228: rhs = rhs * (np.asarray(w) + 0.0)
            b_rhs_out1 = b_rhs
            b_rhs = unbroadcast(b_rhs * add4, _rhs2)
            b_add4 = unbroadcast(_rhs2 * b_rhs_out1, add4)
            del b_rhs_out1
            b_w += unstack_like(b_add4, w)
            del b_add4
        # adjoint of line 224: lhs = lhs * np.reshape(np.asarray(w) + 0.0, (-1, 1))
        b_reshape = unbroadcast(_lhs1 * b_lhs, reshape)
        del b_lhs
        b_add2 = np.reshape(b_reshape, np.shape(add2))
        del b_reshape
        b_w += unstack_like(b_add2, w)
        del b_add2
    # adjoint of line 222: rhs = np.asarray(y) + 0.0
    b_y = unstack_like(b_rhs, y) if b_y is None else b_y + unstack_like(b_rhs,
        y)
    return b_y, b_w


def grad_bincount(x, weights=None, minlength=0, grad_ys=None):
    counts = bincount_counts(x, minlength, weights)
    cond = weights is None
    if not cond:
        size = np.size(x)
        cond = size == 0
    if cond:
        _retval = counts
    else:
        n = len(counts)
        out = np.zeros(n)
        added = add_at(out, x, weights)
        out[...] = added
        _retval = out
    # seed: the gradient of the sum of the outputs
    b_retval = cotangent(grad_ys, _retval)
    # adjoint of line 326: if weights is None or np.size(x) == 0:  # (NumPy's counts of nothing: int zeros)
    if cond:
        b_weights = np.zeros_like(weights)
    else:
        # adjoint of line 329: np.add.at(out, x, weights)
        b_added = unbroadcast(np.copy(b_retval[...]), added)
        b_out = np.array(b_retval, dtype=float)
        b_out[...] = 0.0
        b_out += b_added
        b_weights = unbroadcast(b_added[x], weights)
    return b_weights,


def grad__histogram_edges(a, bins, range, count, edges_given, dtype,
    grad_ys=None):
    # names first bound inside loops or branches start unbound
    first = None
    last = None
    if edges_given:
        pass
    else:
        cmp = range is not None
        if cmp:
            unpacked1 = unpacked(range, 2)
            first = range[0]
            last = range[1]
        else:
            size = np.size(a)
            cmp1 = size == 0
            if cmp1:
                first = 0
                last = 1
            else:
                min1 = np.min(a)
                max1 = np.max(a)
                first = min1
                last = max1
        cmp2 = first == last
        if cmp2:
            first = first - 0.5
            last = last + 0.5
        add = count + 1
        float_dtype(dtype,
            'srcdiff/rules/statistic_composites.py:269: `return np.linspace(first, last, count + 1, endpoint=True, dtype=dtype)`'
            )
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 258: if edges_given:
    if edges_given:
        b_a = np.zeros_like(a)
    else:
        # adjoint of line 269: return np.linspace(first, last, count + 1, endpoint=True, dtype=dtype)
        grads = linspace_grads(b_retval, first, last, add, True, 0)
        b_first = grads[0]
        b_last = grads[1]
        del grads
        # adjoint of line 266: if first == last:
        if cmp2:
            pass
        # adjoint of line 260: if range is not None:
        if cmp:
            b_a = np.zeros_like(a)
        else:
            # adjoint of line 262: elif np.size(a) == 0:
            if cmp1:
                b_a = np.zeros_like(a)
            else:
                # adjoint of line 265: first, last = np.min(a), np.max(a)
                b_a = extreme_grad(b_last, a, max1, None, False)
                b_a += extreme_grad(b_first, a, min1, None, False)
    return b_a,


def fwd_histogram(a, bins=10, range=None, density=None, weights=None):
    # names the record holds that a path may leave unbound
    _retval = None
    bins_of_i1 = None
    diff = None
    div = None
    div1 = None
    n = None
    ravel = None
    sum1 = None
    w = None
    widths = None
    histogram_plan1 = histogram_plan(a, bins, range, weights)
    unpacked1 = unpacked(histogram_plan1, 4)
    count = histogram_plan1[0]
    edges_given = histogram_plan1[1]
    bins_of = histogram_plan1[2]
    dtype = histogram_plan1[3]
    edges = _histogram_edges(a, bins, range, count, edges_given, dtype)
    kept = bins_of >= 0
    cmp = weights is None
    if cmp:
        n = bincount(bins_of[kept], minlength=count)
    else:
        ravel = np.ravel(weights)
        w = ravel[kept]
        bins_of_i1 = bins_of[kept]
        bincount1 = bincount(bins_of_i1, weights=w, minlength=count)
        result_type = np.result_type(w)
        float_dtype(result_type,
            'srcdiff/rules/statistic_composites.py:281: `n = np.bincount(bins_of[kept], weights=w, minlength=count).astype(np.result_type(w))`'
            )
        n = bincount1.astype(result_type)
    if density:
        diff = np.diff(edges)
        widths = np.array(diff, float)
        div = n / widths
        sum1 = np.sum(n)
        div1 = div / sum1
        _retval = div1, edges
    else:
        _retval = n, edges
    _value = _retval
    return _value, (_retval, a, bins, bins_of_i1, cmp, count, density, diff,
        div, div1, dtype, edges, edges_given, kept, n, range, ravel, sum1,
        w, weights, widths)


def bwd_histogram(_record, grad_ys, b_a, b_weights):
    # the values the primal sweep recorded
    (_retval, a, bins, bins_of_i1, cmp, count, density, diff, div, div1,
        dtype, edges, edges_given, kept, n, range, ravel, sum1, w, weights,
        widths) = _record
    # seed: the gradient of the sum of the outputs
    b_retval = cotangent(grad_ys, _retval)
    b_weights = cotangent(b_weights, weights)
    # adjoint of line 282: if density:
    if density:
        # adjoint of line 284: return n / widths / np.sum(n), edges
        b_div1 = item_grad(b_retval, 0, div1)
        b_edges = item_grad(b_retval, 1, edges)
        b_div = b_div1 / sum1
        del b_div1
        b_sum1 = -sum_product(b_div, div1, sum1)
        b_n = spread(b_sum1, n)
        b_n = add_tree(b_n, unbroadcast(b_div / widths, n))
        b_widths = -unbroadcast(b_div / widths * div, widths)
        del b_div
        # adjoint of line 283: widths = np.array(np.diff(edges), float)
        b_diff = unstack_like(b_widths, diff)
        del b_widths
        b_edges = add_tree(b_edges, diff_grad(b_diff, edges, 1, -1, None, None)
            )
        del b_diff
    else:
        # adjoint of line 285: return n, edges
        b_n = item_grad(b_retval, 0, n)
        b_edges = item_grad(b_retval, 1, edges)
    # adjoint of line 277: if weights is None:
    if cmp:
        pass
    else:
        # adjoint of line 281: n = np.bincount(bins_of[kept], weights=w, minlength=count).astype(np.result_type(w))
        b_bincount_args = grad_bincount(bins_of_i1, weights=w, minlength=
            count, grad_ys=b_n)
        b_w = b_bincount_args[0]
        del b_bincount_args
        # adjoint of line 280: w = np.ravel(weights)[kept]
        b_ravel = index_add(None, ravel, kept, b_w)
        del b_w
        b_weights += np.reshape(b_ravel, np.shape(weights))
        del b_ravel
    # adjoint of line 275: edges = _histogram_edges(a, bins, range, count, edges_given, dtype)
    b__histogram_edges_args = grad__histogram_edges(a, bins, range, count,
        edges_given, dtype, grad_ys=b_edges)
    b_a = b__histogram_edges_args[0
        ] if b_a is None else b_a + b__histogram_edges_args[0]
    return b_a, b_weights


def grad__nanquantile(a, q, given, axis, method, keepdims, weights, grad_ys
    =None):
    _a = a
    a = np.asarray(a)
    nanquantile_plan1 = nanquantile_plan(a, q, given, axis, method, weights)
    unpacked1 = unpacked(nanquantile_plan1, 2)
    axes = nanquantile_plan1[0]
    dtype = nanquantile_plan1[1]
    ndim = a.ndim
    n = len(axes)
    ndim1 = a.ndim
    range1 = range(ndim - n, ndim1)
    tuple1 = tuple(range1)
    moved = np.moveaxis(a, axes, tuple1)
    shape = np.shape(moved)
    ndim2 = a.ndim
    n1 = len(axes)
    item_i = shape[:ndim2 - n1]
    rows = np.reshape(moved, item_i + (-1,))
    ordered = np.sort(rows, axis=-1)
    isnan = np.isnan(rows)
    kept = short_sum(~isnan, axis=-1, keepdims=True)
    shape1 = np.shape(q)
    ndim3 = np.ndim(kept)
    qs = np.reshape(q, shape1 + (1,) * ndim3)
    at = qs * (kept - 1)
    nanquantile_positions1 = nanquantile_positions(kept, at)
    unpacked2 = unpacked(nanquantile_positions1, 3)
    low = nanquantile_positions1[0]
    high = nanquantile_positions1[1]
    empty = nanquantile_positions1[2]
    shape2 = np.shape(at)
    shape3 = np.shape(ordered)
    wide = np.broadcast_to(ordered, shape2[:-1] + shape3[-1:])
    take_along_axis = np.take_along_axis(wide, low, axis=-1)
    below = take_along_axis[..., 0]
    take_along_axis1 = np.take_along_axis(wide, high, axis=-1)
    above = take_along_axis1[..., 0]
    item_i3 = (at - low)[..., 0]
    t = item_i3.astype(dtype)
    step = above - below
    cmp = t >= 0.5
    sub4 = 1 - t
    mul1 = step * sub4
    sub5 = above - mul1
    mul2 = step * t
    add3 = below + mul2
    value = np.where(cmp, sub5, add3)
    empty_i = empty[..., 0]
    nan = np.nan
    _value1 = value
    value = np.where(empty_i, nan, value)
    if keepdims:
        items2 = []
        n2 = loop_len(axes)
        for k1 in range(n2):
            k = axes[k1]
            ndim4 = np.ndim(q)
            items2.append(ndim4 + k)
        tuple2 = as_tuple(items2)
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 190: if keepdims:
    if keepdims:
        # adjoint of line 191: return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
        b_value = np.reshape(b_retval, np.shape(value))
        del value
    else:
        # adjoint of line 192: return value
        b_value = b_retval
    # adjoint of line 189: value = np.where(empty[..., 0], np.nan, value)
    b_value = unbroadcast(np.where(empty_i, 0.0, b_value), _value1)
    del _value1
    # adjoint of line 188: value = np.where(t >= 0.5, above - step * (1 - t), below + step * t)
    b_sub5 = unbroadcast(np.where(cmp, b_value, 0.0), sub5)
    del sub5
    b_add3 = unbroadcast(np.where(cmp, 0.0, b_value), add3)
    del add3, b_value
    b_below = unbroadcast(b_add3, below)
    b_mul2 = unbroadcast(b_add3, mul2)
    del b_add3, mul2
    b_step = unbroadcast(b_mul2 * t, step)
    del b_mul2, t
    b_above = unbroadcast(b_sub5, above)
    b_mul1 = unbroadcast(b_sub5, mul1)
    del b_sub5, mul1
    b_step = b_step - unbroadcast(b_mul1 * sub4, step)
    del b_mul1, step, sub4
    # adjoint of line 187: step = above - below
    b_above = add_into(b_above, unbroadcast(b_step, above))
    del above
    b_below = b_below - unbroadcast(b_step, below)
    del b_step, below
    # adjoint of line 185: above = np.take_along_axis(wide, high, axis=-1)[..., 0]
    b_take_along_axis1 = index_add(None, take_along_axis1, (..., 0), b_above)
    del b_above, take_along_axis1
    b_wide = take_along_axis_grad(b_take_along_axis1, wide, high, -1)
    del b_take_along_axis1
    # adjoint of line 184: below = np.take_along_axis(wide, low, axis=-1)[..., 0]
    b_take_along_axis = index_add(None, take_along_axis, (..., 0), b_below)
    del b_below, take_along_axis
    b_wide = add_into(b_wide, take_along_axis_grad(b_take_along_axis, wide,
        low, -1))
    del b_take_along_axis, wide
    # adjoint of line 183: wide = np.broadcast_to(ordered, np.shape(at)[:-1] + np.shape(ordered)[-1:])
    b_ordered = unbroadcast(b_wide, ordered)
    del b_wide
    # adjoint of line 178: ordered = np.sort(rows, axis=-1)
    b_rows = sort_grad(b_ordered, ordered, rows, -1)
    del b_ordered, ordered, rows
    # adjoint of line 177: rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    b_moved = np.reshape(b_rows, np.shape(moved))
    del b_rows, moved
    # adjoint of line 176: moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    b_a = np.moveaxis(b_moved, tuple1, axes)
    del b_moved
    # adjoint of line 174: a = np.asarray(a)
    b_a = unstack_like(b_a, _a)
    return b_a,


def grad_nanpercentile(a, q, axis=None, out=None, overwrite_input=False,
    method='linear', keepdims=False, weights=None, grad_ys=None):
    true_divide = np.true_divide(q, 100)
    nanquantile = _nanquantile(a, true_divide, q, axis, method, keepdims,
        weights)
    # seed: the gradient of the sum of the outputs
    b_nanquantile = cotangent(grad_ys, nanquantile)
    # adjoint of line 170: return _nanquantile(a, np.true_divide(q, 100), q, axis, method, keepdims, weights)
    b__nanquantile_args = grad__nanquantile(a, true_divide, q, axis, method,
        keepdims, weights, grad_ys=b_nanquantile)
    b_a = b__nanquantile_args[0]
    return b_a,


def grad__nanquantile1(a, q, given, axis, method, keepdims, weights,
    grad_ys=None):
    _a = a
    a = np.asarray(a)
    nanquantile_plan1 = nanquantile_plan(a, q, given, axis, method, weights)
    unpacked1 = unpacked(nanquantile_plan1, 2)
    axes = nanquantile_plan1[0]
    dtype = nanquantile_plan1[1]
    ndim = a.ndim
    n = len(axes)
    ndim1 = a.ndim
    range1 = range(ndim - n, ndim1)
    tuple1 = tuple(range1)
    moved = np.moveaxis(a, axes, tuple1)
    shape = np.shape(moved)
    ndim2 = a.ndim
    n1 = len(axes)
    item_i = shape[:ndim2 - n1]
    rows = np.reshape(moved, item_i + (-1,))
    ordered = np.sort(rows, axis=-1)
    isnan = np.isnan(rows)
    kept = short_sum(~isnan, axis=-1, keepdims=True)
    shape1 = np.shape(q)
    ndim3 = np.ndim(kept)
    qs = np.reshape(q, shape1 + (1,) * ndim3)
    at = qs * (kept - 1)
    nanquantile_positions1 = nanquantile_positions(kept, at)
    unpacked2 = unpacked(nanquantile_positions1, 3)
    low = nanquantile_positions1[0]
    high = nanquantile_positions1[1]
    empty = nanquantile_positions1[2]
    shape2 = np.shape(at)
    shape3 = np.shape(ordered)
    wide = np.broadcast_to(ordered, shape2[:-1] + shape3[-1:])
    take_along_axis = np.take_along_axis(wide, low, axis=-1)
    below = take_along_axis[..., 0]
    take_along_axis1 = np.take_along_axis(wide, high, axis=-1)
    above = take_along_axis1[..., 0]
    item_i3 = (at - low)[..., 0]
    t = item_i3.astype(dtype)
    step = above - below
    cmp = t >= 0.5
    sub4 = 1 - t
    mul1 = step * sub4
    sub5 = above - mul1
    mul2 = step * t
    add3 = below + mul2
    value = np.where(cmp, sub5, add3)
    empty_i = empty[..., 0]
    nan = np.nan
    _value1 = value
    value = np.where(empty_i, nan, value)
    if keepdims:
        items2 = []
        n2 = loop_len(axes)
        for k1 in range(n2):
            k = axes[k1]
            ndim4 = np.ndim(q)
            items2.append(ndim4 + k)
        tuple2 = as_tuple(items2)
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 190: if keepdims:
    if keepdims:
        # adjoint of line 191: return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
        b_value = np.reshape(b_retval, np.shape(value))
        del value
    else:
        # adjoint of line 192: return value
        b_value = b_retval
    # adjoint of line 189: value = np.where(empty[..., 0], np.nan, value)
    b_value = unbroadcast(np.where(empty_i, 0.0, b_value), _value1)
    del _value1
    # adjoint of line 188: value = np.where(t >= 0.5, above - step * (1 - t), below + step * t)
    b_sub5 = unbroadcast(np.where(cmp, b_value, 0.0), sub5)
    del sub5
    b_add3 = unbroadcast(np.where(cmp, 0.0, b_value), add3)
    del add3, b_value
    b_below = unbroadcast(b_add3, below)
    b_mul2 = unbroadcast(b_add3, mul2)
    del b_add3, mul2
    b_step = unbroadcast(b_mul2 * t, step)
    del b_mul2, t
    b_above = unbroadcast(b_sub5, above)
    b_mul1 = unbroadcast(b_sub5, mul1)
    del b_sub5, mul1
    b_step = b_step - unbroadcast(b_mul1 * sub4, step)
    del b_mul1, step, sub4
    # adjoint of line 187: step = above - below
    b_above = add_into(b_above, unbroadcast(b_step, above))
    del above
    b_below = b_below - unbroadcast(b_step, below)
    del b_step, below
    # adjoint of line 185: above = np.take_along_axis(wide, high, axis=-1)[..., 0]
    b_take_along_axis1 = index_add(None, take_along_axis1, (..., 0), b_above)
    del b_above, take_along_axis1
    b_wide = take_along_axis_grad(b_take_along_axis1, wide, high, -1)
    del b_take_along_axis1
    # adjoint of line 184: below = np.take_along_axis(wide, low, axis=-1)[..., 0]
    b_take_along_axis = index_add(None, take_along_axis, (..., 0), b_below)
    del b_below, take_along_axis
    b_wide = add_into(b_wide, take_along_axis_grad(b_take_along_axis, wide,
        low, -1))
    del b_take_along_axis, wide
    # adjoint of line 183: wide = np.broadcast_to(ordered, np.shape(at)[:-1] + np.shape(ordered)[-1:])
    b_ordered = unbroadcast(b_wide, ordered)
    del b_wide
    # adjoint of line 178: ordered = np.sort(rows, axis=-1)
    b_rows = sort_grad(b_ordered, ordered, rows, -1)
    del b_ordered, ordered, rows
    # adjoint of line 177: rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    b_moved = np.reshape(b_rows, np.shape(moved))
    del b_rows, moved
    # adjoint of line 176: moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    b_a = np.moveaxis(b_moved, tuple1, axes)
    del b_moved
    # adjoint of line 174: a = np.asarray(a)
    b_a = unstack_like(b_a, _a)
    return b_a,


def grad_nanquantile(a, q, axis, out=None, overwrite_input=False, method=
    'linear', keepdims=False, weights=None, grad_ys=None):
    nanquantile = _nanquantile(a, q, q, axis, method, keepdims, weights)
    # seed: the gradient of the sum of the outputs
    b_nanquantile = cotangent(grad_ys, nanquantile)
    # adjoint of line 164: return _nanquantile(a, q, q, axis, method, keepdims, weights)
    b__nanquantile_args = grad__nanquantile1(a, q, q, axis, method,
        keepdims, weights, grad_ys=b_nanquantile)
    b_a = b__nanquantile_args[0]
    return b_a,


def grad_quantiles_fits_histograms(x, grad_ys=None):
    cmp = x > 1.5
    nan = np.nan
    y = np.where(cmp, nan, x)
    items = [0.25, 0.6]
    nanquantile1 = nanquantile(y, items, axis=1)
    nanpercentile1 = nanpercentile(y, 40.0)
    q = nanquantile1 + nanpercentile1
    arange = np.arange(3.0)
    exp = np.exp(x[1])
    c, _record_polyfit = fwd_polyfit(arange, x[0], 1, w=exp)
    histogram1, _record_histogram = fwd_histogram(x, bins=3, weights=x ** 2,
        density=True)
    unpacked1 = unpacked(histogram1, 2)
    n = histogram1[0]
    edges = histogram1[1]
    mul = c * c
    edges_i = edges[1:]
    mul1 = n * edges_i
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 1305: return np.sum(q ** 2) + np.sum(c * c) + np.sum(n * edges[1:])
    b_mul1 = spread(b_add1, mul1)
    del mul1
    b_n = unbroadcast(b_mul1 * edges_i, n)
    b_edges_i = unbroadcast(n * b_mul1, edges_i)
    del b_mul1
    b_edges = item_add(None, edges, slice(1, None, None), b_edges_i)
    b_mul = spread(b_add1, mul)
    del mul
    b_c = mul_into(c, 2.0 * b_mul)
    del b_mul, c
    b_q = mul_into(q, b_add1 * 2.0)
    del q
    # adjoint of line 1304: n, edges = np.histogram(x, bins=3, weights=x ** 2, density=True)
    b_histogram1 = item_add(None, histogram1, 1, b_edges)
    b_histogram1 = item_add(b_histogram1, histogram1, 0, b_n)
    b_histogram_args = bwd_histogram(_record_histogram, b_histogram1, None,
        None)
    b_pow1 = b_histogram_args[1]
    b_x = b_histogram_args[0] + b_pow1 * 2.0 * x
    del b_histogram_args, b_pow1
    # adjoint of line 1303: c = np.polyfit(np.arange(3.0), x[0], 1, w=np.exp(x[1]))
    b_polyfit_args = bwd_polyfit(_record_polyfit, b_c, None, None)
    del b_c
    b_x_i = b_polyfit_args[0]
    b_exp = b_polyfit_args[1]
    del b_polyfit_args
    b_x_i1 = mul_into(b_exp, exp)
    del b_exp, exp
    b_x[1] += b_x_i1
    del b_x_i1
    b_x[0] += b_x_i
    del b_x_i
    # adjoint of line 1302: q = np.nanquantile(y, [0.25, 0.6], axis=1) + np.nanpercentile(y, 40.0)
    b_nanquantile1 = unbroadcast(b_q, nanquantile1)
    b_nanpercentile1 = unbroadcast(b_q, nanpercentile1)
    del b_q
    b_nanpercentile_args = grad_nanpercentile(a=y, q=40.0, grad_ys=
        b_nanpercentile1)
    b_nanquantile_args = grad_nanquantile(a=y, q=items, axis=1, grad_ys=
        b_nanquantile1)
    del y
    b_y = b_nanpercentile_args[0] + b_nanquantile_args[0]
    del b_nanpercentile_args, b_nanquantile_args
    # adjoint of line 1301: y = np.where(x > 1.5, np.nan, x)
    b_x += np.where(cmp, 0.0, b_y)
    return finish(b_x, x)
