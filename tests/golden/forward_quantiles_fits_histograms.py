def jvp__nanquantile(a, q, given, axis, method, keepdims, weights, tangents):
    t_a = tangents[0]
    # line 174: a = np.asarray(a)
    _a_old = a
    a = np.asarray(a)
    t_a = stack_tangents(t_a, _a_old)
    nanquantile_plan1 = nanquantile_plan(a, q, given, axis, method, weights)
    unpacked1 = unpacked(nanquantile_plan1, 2)
    axes = nanquantile_plan1[0]
    dtype = nanquantile_plan1[1]
    # line 176: moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    ndim = a.ndim
    n = len(axes)
    ndim1 = a.ndim
    range1 = range(ndim - n, ndim1)
    tuple1 = tuple(range1)
    moved = np.moveaxis(a, axes, tuple1)
    t_moved = np.moveaxis(t_a, axes, tuple1)
    # line 177: rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    shape = np.shape(moved)
    ndim2 = a.ndim
    n1 = len(axes)
    item_i = shape[:ndim2 - n1]
    rows = np.reshape(moved, item_i + (-1,))
    t_rows = np.reshape(t_moved, np.shape(rows))
    # line 178: ordered = np.sort(rows, axis=-1)
    ordered = np.sort(rows, axis=-1)
    t_ordered = sort_tangent(t_rows, ordered, rows, -1)
    isnan = np.isnan(rows)
    kept = np.sum(~isnan, axis=-1, keepdims=True)
    shape1 = np.shape(q)
    ndim3 = np.ndim(kept)
    qs = np.reshape(q, shape1 + (1,) * ndim3)
    at = qs * (kept - 1)
    nanquantile_positions1 = nanquantile_positions(kept, at)
    unpacked2 = unpacked(nanquantile_positions1, 3)
    low = nanquantile_positions1[0]
    high = nanquantile_positions1[1]
    empty = nanquantile_positions1[2]
    # line 183: wide = np.broadcast_to(ordered, np.shape(at)[:-1] + np.shape(ordered)[-1:])
    shape2 = np.shape(at)
    shape3 = np.shape(ordered)
    add2 = shape2[:-1] + shape3[-1:]
    wide = np.broadcast_to(ordered, add2)
    t_wide = np.broadcast_to(t_ordered, add2)
    # line 184: below = np.take_along_axis(wide, low, axis=-1)[..., 0]
    take_along_axis = np.take_along_axis(wide, low, axis=-1)
    t_take_along_axis = np.take_along_axis(t_wide, low, -1)
    below = take_along_axis[..., 0]
    t_below = indexable(t_take_along_axis)[..., 0]
    # line 185: above = np.take_along_axis(wide, high, axis=-1)[..., 0]
    take_along_axis1 = np.take_along_axis(wide, high, axis=-1)
    t_take_along_axis1 = np.take_along_axis(t_wide, high, -1)
    above = take_along_axis1[..., 0]
    t_above = indexable(t_take_along_axis1)[..., 0]
    item_i3 = (at - low)[..., 0]
    t = item_i3.astype(dtype)
    # line 187: step = above - below
    step = above - below
    t_step = broadcast_like(t_above, step) - broadcast_like(t_below, step)
    # line 188: value = np.where(t >= 0.5, above - step * (1 - t), below + step * t)
    cmp = t >= 0.5
    sub4 = 1 - t
    mul1 = step * sub4
    t_mul1 = broadcast_like(t_step * sub4, mul1)
    sub5 = above - mul1
    t_sub5 = broadcast_like(t_above, sub5) - broadcast_like(t_mul1, sub5)
    mul2 = step * t
    t_mul2 = broadcast_like(t_step * t, mul2)
    add3 = below + mul2
    t_add3 = broadcast_like(t_below, add3) + broadcast_like(t_mul2, add3)
    value = np.where(cmp, sub5, add3)
    t_value = broadcast_like(np.where(cmp, t_sub5, 0.0), value
        ) + broadcast_like(np.where(cmp, 0.0, t_add3), value)
    # line 189: value = np.where(empty[..., 0], np.nan, value)
    empty_i = empty[..., 0]
    nan = np.nan
    value = np.where(empty_i, nan, value)
    t_value = broadcast_like(np.where(empty_i, 0.0, t_value), value)
    if keepdims:
        # line 191: return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
        items2 = []
        n2 = loop_len(axes)
        for k1 in range(n2):
            # line 191: return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
            k = axes[k1]
            ndim4 = np.ndim(q)
            items2.append(ndim4 + k)
        # line 191: return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
        tuple2 = as_tuple(items2)
        _retval = np.expand_dims(value, tuple2)
        t_retval = np.reshape(t_value, np.shape(_retval))
    else:
        # line 192: return value
        _retval = value
        t_retval = t_value
    return _retval, t_retval


def jvp_nanquantile(a, q, axis, out=None, overwrite_input=False, method=
    'linear', keepdims=False, weights=None, tangents=None):
    t_a = tangents[0]
    # line 164: return _nanquantile(a, q, q, axis, method, keepdims, weights)
    nanquantile, t_nanquantile = jvp__nanquantile(a, q, q, axis, method,
        keepdims, weights, tangents=(t_a,))
    return nanquantile, t_nanquantile


def jvp__nanquantile1(a, q, given, axis, method, keepdims, weights, tangents):
    t_a = tangents[0]
    # line 174: a = np.asarray(a)
    _a_old = a
    a = np.asarray(a)
    t_a = stack_tangents(t_a, _a_old)
    nanquantile_plan1 = nanquantile_plan(a, q, given, axis, method, weights)
    unpacked1 = unpacked(nanquantile_plan1, 2)
    axes = nanquantile_plan1[0]
    dtype = nanquantile_plan1[1]
    # line 176: moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    ndim = a.ndim
    n = len(axes)
    ndim1 = a.ndim
    range1 = range(ndim - n, ndim1)
    tuple1 = tuple(range1)
    moved = np.moveaxis(a, axes, tuple1)
    t_moved = np.moveaxis(t_a, axes, tuple1)
    # line 177: rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    shape = np.shape(moved)
    ndim2 = a.ndim
    n1 = len(axes)
    item_i = shape[:ndim2 - n1]
    rows = np.reshape(moved, item_i + (-1,))
    t_rows = np.reshape(t_moved, np.shape(rows))
    # line 178: ordered = np.sort(rows, axis=-1)
    ordered = np.sort(rows, axis=-1)
    t_ordered = sort_tangent(t_rows, ordered, rows, -1)
    isnan = np.isnan(rows)
    kept = np.sum(~isnan, axis=-1, keepdims=True)
    shape1 = np.shape(q)
    ndim3 = np.ndim(kept)
    qs = np.reshape(q, shape1 + (1,) * ndim3)
    at = qs * (kept - 1)
    nanquantile_positions1 = nanquantile_positions(kept, at)
    unpacked2 = unpacked(nanquantile_positions1, 3)
    low = nanquantile_positions1[0]
    high = nanquantile_positions1[1]
    empty = nanquantile_positions1[2]
    # line 183: wide = np.broadcast_to(ordered, np.shape(at)[:-1] + np.shape(ordered)[-1:])
    shape2 = np.shape(at)
    shape3 = np.shape(ordered)
    add2 = shape2[:-1] + shape3[-1:]
    wide = np.broadcast_to(ordered, add2)
    t_wide = np.broadcast_to(t_ordered, add2)
    # line 184: below = np.take_along_axis(wide, low, axis=-1)[..., 0]
    take_along_axis = np.take_along_axis(wide, low, axis=-1)
    t_take_along_axis = np.take_along_axis(t_wide, low, -1)
    below = take_along_axis[..., 0]
    t_below = indexable(t_take_along_axis)[..., 0]
    # line 185: above = np.take_along_axis(wide, high, axis=-1)[..., 0]
    take_along_axis1 = np.take_along_axis(wide, high, axis=-1)
    t_take_along_axis1 = np.take_along_axis(t_wide, high, -1)
    above = take_along_axis1[..., 0]
    t_above = indexable(t_take_along_axis1)[..., 0]
    item_i3 = (at - low)[..., 0]
    t = item_i3.astype(dtype)
    # line 187: step = above - below
    step = above - below
    t_step = broadcast_like(t_above, step) - broadcast_like(t_below, step)
    # line 188: value = np.where(t >= 0.5, above - step * (1 - t), below + step * t)
    cmp = t >= 0.5
    sub4 = 1 - t
    mul1 = step * sub4
    t_mul1 = broadcast_like(t_step * sub4, mul1)
    sub5 = above - mul1
    t_sub5 = broadcast_like(t_above, sub5) - broadcast_like(t_mul1, sub5)
    mul2 = step * t
    t_mul2 = broadcast_like(t_step * t, mul2)
    add3 = below + mul2
    t_add3 = broadcast_like(t_below, add3) + broadcast_like(t_mul2, add3)
    value = np.where(cmp, sub5, add3)
    t_value = broadcast_like(np.where(cmp, t_sub5, 0.0), value
        ) + broadcast_like(np.where(cmp, 0.0, t_add3), value)
    # line 189: value = np.where(empty[..., 0], np.nan, value)
    empty_i = empty[..., 0]
    nan = np.nan
    value = np.where(empty_i, nan, value)
    t_value = broadcast_like(np.where(empty_i, 0.0, t_value), value)
    if keepdims:
        # line 191: return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
        items2 = []
        n2 = loop_len(axes)
        for k1 in range(n2):
            # line 191: return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
            k = axes[k1]
            ndim4 = np.ndim(q)
            items2.append(ndim4 + k)
        # line 191: return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
        tuple2 = as_tuple(items2)
        _retval = np.expand_dims(value, tuple2)
        t_retval = np.reshape(t_value, np.shape(_retval))
    else:
        # line 192: return value
        _retval = value
        t_retval = t_value
    return _retval, t_retval


def jvp_nanpercentile(a, q, axis=None, out=None, overwrite_input=False,
    method='linear', keepdims=False, weights=None, tangents=None):
    t_a = tangents[0]
    # line 170: return _nanquantile(a, np.true_divide(q, 100), q, axis, method, keepdims, weights)
    true_divide = np.true_divide(q, 100)
    nanquantile, t_nanquantile = jvp__nanquantile1(a, true_divide, q, axis,
        method, keepdims, weights, tangents=(t_a,))
    return nanquantile, t_nanquantile


def jvp_lstsq(a, b, rcond=None, tangents=None):
    t_a = tangents[0]
    t_b = tangents[1]
    # line 230: a = np.asarray(a)
    _a_old = a
    a = np.asarray(a)
    t_a = stack_tangents(t_a, _a_old)
    cutoff = lstsq_cutoff(a, rcond)
    # line 232: s = np.linalg.svd(a, compute_uv=False)
    s = np.linalg.svd(a, compute_uv=False)
    t_s = svd_tangent(t_a, s, a, True, False)
    # line 233: x = np.linalg.pinv(a, rcond=cutoff) @ b
    pinv = np.linalg.pinv(a, rcond=cutoff)
    t_pinv = pinv_tangent(t_a, pinv, a, cutoff, False, None)
    x = pinv @ b
    t_x = t_pinv @ b + pinv @ t_b
    rank = lstsq_rank(s, cutoff)
    shape = np.shape(a)
    cond = rank == shape[1]
    if cond:
        shape1 = np.shape(a)
        shape2 = np.shape(a)
        cond = shape1[0] > shape2[1]
    if cond:
        # line 236: residuals = np.reshape(np.sum(np.abs(b - a @ x) ** 2, axis=0), (-1,))
        t_matmul = t_a @ x + a @ t_x
        sub = b - a @ x
        t_sub = broadcast_like(t_b, sub) - broadcast_like(t_matmul, sub)
        abs1 = np.abs(sub)
        t_abs1 = np.real(np.conj(sub) * t_sub) / np.where(sub == 0, 1.0, abs1)
        t_pow1 = t_abs1 * 2.0 * abs1
        sum1 = np.sum(abs1 ** 2, axis=0)
        t_sum1 = np.sum(t_pow1, axis=0, keepdims=False)
        residuals = np.reshape(sum1, (-1,))
        t_residuals = np.reshape(t_sum1, np.shape(residuals))
    else:
        residuals = np.zeros((0,))
        t_residuals = zeros_tree(residuals)
    return (x, residuals, rank, s), (t_x, t_residuals, zeros_tree(rank), t_s)


def jvp_polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False,
    tangents=None):
    t_y = tangents[0]
    t_w = tangents[1]
    cutoff = polyfit_plan(x, y, deg, rcond, full, w, cov)
    # line 221: lhs = np.vander(np.asarray(x) + 0.0, int(deg) + 1)
    asarray = np.asarray(x)
    int1 = int(deg)
    lhs = vander(asarray + 0.0, int1 + 1)
    # line 222: rhs = np.asarray(y) + 0.0
    asarray1 = np.asarray(y)
    t_asarray1 = stack_tangents(t_y, y)
    rhs = asarray1 + 0.0
    t_rhs = broadcast_like(t_asarray1, rhs)
    cmp = w is not None
    if cmp:
        # line 224: lhs = lhs * np.reshape(np.asarray(w) + 0.0, (-1, 1))
        asarray2 = np.asarray(w)
        t_asarray2 = stack_tangents(t_w, w)
        add2 = asarray2 + 0.0
        t_add2 = broadcast_like(t_asarray2, add2)
        reshape = np.reshape(add2, (-1, 1))
        t_reshape = np.reshape(t_add2, np.shape(reshape))
        _lhs_old = lhs
        lhs = lhs * reshape
        t_lhs = broadcast_like(_lhs_old * t_reshape, lhs)
        ndim = np.ndim(rhs)
        cmp1 = ndim == 2
        if cmp1:
            # line 226: rhs = rhs * np.reshape(np.asarray(w) + 0.0, (-1, 1))
            asarray3 = np.asarray(w)
            t_asarray3 = stack_tangents(t_w, w)
            add3 = asarray3 + 0.0
            t_add3 = broadcast_like(t_asarray3, add3)
            reshape1 = np.reshape(add3, (-1, 1))
            t_reshape1 = np.reshape(t_add3, np.shape(reshape1))
            _rhs_old = rhs
            rhs = rhs * reshape1
            t_rhs = broadcast_like(t_rhs * reshape1, rhs) + broadcast_like(
                _rhs_old * t_reshape1, rhs)
        else:
            # line 228: rhs = rhs * (np.asarray(w) + 0.0)
            asarray4 = np.asarray(w)
            t_asarray4 = stack_tangents(t_w, w)
            add4 = asarray4 + 0.0
            t_add4 = broadcast_like(t_asarray4, add4)
            _rhs_old1 = rhs
            rhs = rhs * add4
            t_rhs = broadcast_like(t_rhs * add4, rhs) + broadcast_like(
                _rhs_old1 * t_add4, rhs)
    else:
        t_lhs = zeros_tree(lhs)
    # line 229: scale = np.sqrt(np.sum(lhs * lhs, axis=0))
    mul = lhs * lhs
    t_mul = 2.0 * broadcast_like(t_lhs * lhs, mul)
    sum1 = np.sum(mul, axis=0)
    t_sum1 = np.sum(t_mul, axis=0, keepdims=False)
    scale = np.sqrt(sum1)
    t_scale = t_sum1 * 0.5 / scale
    # line 230: c = np.linalg.lstsq(lhs / scale, rhs, rcond=cutoff)[0]
    div = lhs / scale
    t_div = broadcast_like(t_lhs / scale, div) - broadcast_like(t_scale /
        scale * div, div)
    lstsq1, t_lstsq1 = jvp_lstsq(div, rhs, rcond=cutoff, tangents=(t_div,
        t_rhs))
    c = lstsq1[0]
    t_c = item_grad(t_lstsq1, 0, c)
    # line 231: return (c.T / scale).T
    transposed = c.T
    t_transposed = np.transpose(t_c, None)
    div1 = transposed / scale
    t_div1 = broadcast_like(t_transposed / scale, div1) - broadcast_like(
        t_scale / scale * div1, div1)
    transposed1 = div1.T
    t_transposed1 = np.transpose(t_div1, None)
    return transposed1, t_transposed1


def jvp__histogram_edges(a, bins, range, count, edges_given, dtype, tangents):
    t_a = tangents[0]
    if edges_given:
        # line 259: return np.asarray(bins)
        _retval = np.asarray(bins)
        t_retval = zeros_tree(_retval)
    else:
        cmp = range is not None
        if cmp:
            # line 261: first, last = range
            unpacked1 = unpacked(range, 2)
            first = range[0]
            last = range[1]
            t_first = zeros_tree(first)
            t_last = zeros_tree(last)
        else:
            size = np.size(a)
            cmp1 = size == 0
            if cmp1:
                first = 0
                last = 1
                t_first = zeros_tree(first)
                t_last = zeros_tree(last)
            else:
                # line 265: first, last = np.min(a), np.max(a)
                min1 = np.min(a)
                t_min1 = np.sum(t_a * reduce_mask(a, min1, None, False),
                    axis=None, keepdims=False)
                max1 = np.max(a)
                t_max1 = np.sum(t_a * reduce_mask(a, max1, None, False),
                    axis=None, keepdims=False)
                first = min1
                t_first = t_min1
                last = max1
                t_last = t_max1
        cmp2 = first == last
        if cmp2:
            # line 267: first = first - 0.5
            first = first - 0.5
            t_first = broadcast_like(t_first, first)
            # line 268: last = last + 0.5
            last = last + 0.5
            t_last = broadcast_like(t_last, last)
        # line 269: return np.linspace(first, last, count + 1, endpoint=True, dtype=dtype)
        add = count + 1
        float_dtype(dtype,
            'srcdiff/rules/statistic_composites.py:269: `return np.linspace(first, last, count + 1, endpoint=True, dtype=dtype)`'
            )
        _retval = np.linspace(first, last, add, endpoint=True, dtype=dtype)
        t_retval = np.linspace(filled(t_first, first), 0.0 * np.asarray(
            last), add, True, axis=0) + np.linspace(0.0 * np.asarray(first),
            filled(t_last, last), add, True, axis=0)
    return _retval, t_retval


def jvp_bincount(x, weights=None, minlength=0, tangents=None):
    t_weights = tangents[0]
    counts = bincount_counts(x, minlength, weights)
    cond = weights is None
    if not cond:
        size = np.size(x)
        cond = size == 0
    if cond:
        # line 327: return counts
        _retval = counts
        t_retval = zeros_tree(counts)
    else:
        n = len(counts)
        out = np.zeros(n)
        # line 329: np.add.at(out, x, weights)
        added = add_at(out, x, weights)
        t_added = add_at(np.zeros(np.shape(added), np.result_type(t_weights,
            added)), x, t_weights)
        out[...] = added
        t_out = np.zeros_like(out)
        t_out[...] = t_added
        # line 330: return out
        _retval = out
        t_retval = t_out
    return _retval, t_retval


def jvp_histogram(a, bins=10, range=None, density=None, weights=None,
    tangents=None):
    t_a = tangents[0]
    t_weights = tangents[1]
    histogram_plan1 = histogram_plan(a, bins, range, weights)
    unpacked1 = unpacked(histogram_plan1, 4)
    count = histogram_plan1[0]
    edges_given = histogram_plan1[1]
    bins_of = histogram_plan1[2]
    dtype = histogram_plan1[3]
    # line 275: edges = _histogram_edges(a, bins, range, count, edges_given, dtype)
    edges, t_edges = jvp__histogram_edges(a, bins, range, count,
        edges_given, dtype, tangents=(t_a,))
    kept = bins_of >= 0
    cmp = weights is None
    if cmp:
        # line 278: n = np.bincount(bins_of[kept], minlength=count)
        n = bincount(bins_of[kept], minlength=count)
        t_n = zeros_tree(n)
    else:
        # line 280: w = np.ravel(weights)[kept]
        ravel = np.ravel(weights)
        t_ravel = np.reshape(t_weights, np.shape(ravel))
        w = ravel[kept]
        t_w = t_ravel[kept]
        # line 281: n = np.bincount(bins_of[kept], weights=w, minlength=count).astype(np.result_type(w))
        bincount1, t_bincount1 = jvp_bincount(bins_of[kept], weights=w,
            minlength=count, tangents=(t_w,))
        result_type = np.result_type(w)
        float_dtype(result_type,
            'srcdiff/rules/statistic_composites.py:281: `n = np.bincount(bins_of[kept], weights=w, minlength=count).astype(np.result_type(w))`'
            )
        n = bincount1.astype(result_type)
        t_n = t_bincount1
    if density:
        # line 283: widths = np.array(np.diff(edges), float)
        diff = np.diff(edges)
        t_diff = np.diff(filled(t_edges, edges), 1, -1)
        widths = np.array(diff, float)
        t_widths = stack_tangents(t_diff, diff)
        # line 284: return n / widths / np.sum(n), edges
        div = n / widths
        t_div = broadcast_like(t_n / widths, div) - broadcast_like(t_widths /
            widths * div, div)
        sum1 = np.sum(n)
        t_sum1 = np.sum(filled(t_n, n), axis=None, keepdims=False)
        div1 = div / sum1
        t_div1 = broadcast_like(t_div / sum1, div1) - broadcast_like(t_sum1 /
            sum1 * div1, div1)
        _retval = div1, edges
        t_retval = t_div1, t_edges
    else:
        # line 285: return n, edges
        _retval = n, edges
        t_retval = t_n, t_edges
    return _retval, t_retval


def jvp_quantiles_fits_histograms(x, tangents):
    # line 1301: y = np.where(x > 1.5, np.nan, x)
    cmp = x > 1.5
    nan = np.nan
    y = np.where(cmp, nan, x)
    t_y = broadcast_like(np.where(cmp, 0.0, tangents), y)
    # line 1302: q = np.nanquantile(y, [0.25, 0.6], axis=1) + np.nanpercentile(y, 40.0)
    items = [0.25, 0.6]
    nanquantile1, t_nanquantile1 = jvp_nanquantile(a=y, q=items, axis=1,
        tangents=(t_y,))
    nanpercentile1, t_nanpercentile1 = jvp_nanpercentile(a=y, q=40.0,
        tangents=(t_y,))
    q = nanquantile1 + nanpercentile1
    t_q = broadcast_like(t_nanquantile1, q) + broadcast_like(t_nanpercentile1,
        q)
    # line 1303: c = np.polyfit(np.arange(3.0), x[0], 1, w=np.exp(x[1]))
    arange = np.arange(3.0)
    t_x_i = tangents[0]
    t_x_i1 = tangents[1]
    exp = np.exp(x[1])
    t_exp = t_x_i1 * exp
    c, t_c = jvp_polyfit(arange, x[0], 1, w=exp, tangents=(t_x_i, t_exp))
    # line 1304: n, edges = np.histogram(x, bins=3, weights=x ** 2, density=True)
    t_pow1 = tangents * 2.0 * x
    histogram1, t_histogram1 = jvp_histogram(x, bins=3, weights=x ** 2,
        density=True, tangents=(tangents, t_pow1))
    unpacked1 = unpacked(histogram1, 2)
    n = histogram1[0]
    t_n = item_grad(t_histogram1, 0, n)
    edges = histogram1[1]
    t_edges = item_grad(t_histogram1, 1, edges)
    # line 1305: return np.sum(q ** 2) + np.sum(c * c) + np.sum(n * edges[1:])
    t_pow2 = t_q * 2.0 * q
    sum1 = np.sum(q ** 2)
    t_sum1 = np.sum(t_pow2, axis=None, keepdims=False)
    mul = c * c
    t_mul = 2.0 * broadcast_like(t_c * c, mul)
    sum2 = np.sum(mul)
    t_sum2 = np.sum(t_mul, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    edges_i = edges[1:]
    t_edges_i = item_grad(t_edges, slice(1, None, None), edges_i)
    mul1 = n * edges_i
    t_mul1 = broadcast_like(t_n * edges_i, mul1) + broadcast_like(n *
        t_edges_i, mul1)
    sum3 = np.sum(mul1)
    t_sum3 = np.sum(t_mul1, axis=None, keepdims=False)
    add1 = add + sum3
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum3, add1)
    return add1, t_add1
