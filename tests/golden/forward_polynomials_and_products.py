def jvp_poly_aligned(a1, a2, tangents):
    t_a1 = tangents[0]
    t_a2 = tangents[1]
    # line 246: a1 = np.atleast_1d(a1)
    _a1_old = a1
    a1 = np.atleast_1d(a1)
    t_a1 = np.reshape(filled(t_a1, _a1_old), np.shape(a1))
    # line 247: a2 = np.atleast_1d(a2)
    _a2_old = a2
    a2 = np.atleast_1d(a2)
    t_a2 = np.reshape(filled(t_a2, _a2_old), np.shape(a2))
    poly_padding1 = poly_padding(a1, a2)
    unpacked1 = unpacked(poly_padding1, 2)
    before1 = poly_padding1[0]
    before2 = poly_padding1[1]
    if before1:
        # line 250: a1 = np.concatenate([np.zeros(before1, dtype=np.result_type(a1)), a1])
        result_type = np.result_type(a1)
        zeros = np.zeros(before1, dtype=result_type)
        items = [zeros, a1]
        t_items = [None, t_a1]
        a1 = np.concatenate(items)
        t_a1 = np.concatenate(fill_zeros(t_items, items), axis=0)
    if before2:
        # line 252: a2 = np.concatenate([np.zeros(before2, dtype=np.result_type(a2)), a2])
        result_type1 = np.result_type(a2)
        zeros1 = np.zeros(before2, dtype=result_type1)
        items1 = [zeros1, a2]
        t_items1 = [None, t_a2]
        a2 = np.concatenate(items1)
        t_a2 = np.concatenate(fill_zeros(t_items1, items1), axis=0)
    return (a1, a2), (t_a1, t_a2)


def jvp_polyadd(a1, a2, tangents):
    t_a1 = tangents[0]
    t_a2 = tangents[1]
    whole = poly_object('polyadd', (a1, a2))
    cmp = whole is not None
    if cmp:
        # line 260: return whole
        _retval = whole
        t_retval = zeros_tree(whole)
    else:
        # line 261: a1, a2 = poly_aligned(a1, a2)
        poly_aligned1, t_poly_aligned1 = jvp_poly_aligned(a1, a2, tangents=
            (t_a1, t_a2))
        unpacked1 = unpacked(poly_aligned1, 2)
        a1 = poly_aligned1[0]
        t_a1 = item_grad(t_poly_aligned1, 0, a1)
        a2 = poly_aligned1[1]
        t_a2 = item_grad(t_poly_aligned1, 1, a2)
        # line 262: return a1 + a2
        _retval = a1 + a2
        t_retval = broadcast_like(t_a1, _retval) + broadcast_like(t_a2, _retval
            )
    return _retval, t_retval


def jvp_polyint(p, m=1, k=None, tangents=None):
    t_p = tangents[0]
    t_k = tangents[1]
    whole = poly_object('polyint', (p,), (m, k))
    cmp = whole is not None
    if cmp:
        # line 289: return whole
        _retval = whole
        t_retval = zeros_tree(whole)
    else:
        m = polyint_order(p, m, k)
        # line 291: p = np.asarray(p)
        _p_old = p
        p = np.asarray(p)
        t_p = stack_tangents(filled(t_p, _p_old), _p_old)
        cmp1 = k is None
        if cmp1:
            k = np.zeros(m)
            t_k = zeros_tree(k)
        # line 294: k = np.atleast_1d(k)
        _k_old = k
        k = np.atleast_1d(k)
        t_k = np.reshape(filled(t_k, _k_old), np.shape(k))
        size = np.size(k)
        cond = size == 1
        if cond:
            cond = m > 1
        if cond:
            # line 296: k = k[0] * np.ones(m)
            k_i = k[0]
            t_k_i = item_grad(t_k, 0, k_i)
            ones = np.ones(m)
            k = k_i * ones
            t_k = broadcast_like(t_k_i * ones, k)
        for i in range(m):
            # line 298: p = np.concatenate([p / np.arange(len(p), 0, -1), k[i:i + 1]])
            n = len(p)
            arange = np.arange(n, 0, -1)
            div = p / arange
            t_div = broadcast_like(t_p / arange, div)
            add = i + 1
            k_i1 = k[i:add]
            t_k_i1 = item_grad(t_k, slice(i, add, None), k_i1)
            items2 = [div, k_i1]
            t_items2 = [t_div, t_k_i1]
            p = np.concatenate(items2)
            t_p = np.concatenate(fill_zeros(t_items2, items2), axis=0)
        # line 299: return p
        _retval = p
        t_retval = t_p
    return _retval, t_retval


def jvp_polymul(a1, a2, tangents):
    t_a1 = tangents[0]
    t_a2 = tangents[1]
    whole = poly_object('polymul', (a1, a2))
    cmp = whole is not None
    if cmp:
        # line 334: return whole
        _retval = whole
        t_retval = zeros_tree(whole)
    else:
        # line 335: a1 = np.atleast_1d(a1)
        _a1_old = a1
        a1 = np.atleast_1d(a1)
        t_a1 = np.reshape(filled(t_a1, _a1_old), np.shape(a1))
        # line 336: a2 = np.atleast_1d(a2)
        a2 = np.atleast_1d(a2)
        t_a2 = np.reshape(t_a2, np.shape(a2))
        # line 337: return np.convolve(a1[poly_start(a1):], a2[poly_start(a2):])
        poly_start1 = poly_start(a1)
        a1_i = a1[poly_start1:]
        t_a1_i = item_grad(t_a1, slice(poly_start1, None, None), a1_i)
        poly_start2 = poly_start(a2)
        a2_i = a2[poly_start2:]
        t_a2_i = indexable(t_a2)[poly_start2:]
        _retval = np.convolve(a1_i, a2_i)
        t_retval = np.convolve(filled(filled(t_a1_i, a1_i), a1_i), a2_i, 'full'
            ) + np.convolve(a1_i, filled(t_a2_i, a2_i), 'full')
    return _retval, t_retval


def jvp_matvec(x1, x2, tangents):
    t_x1 = tangents[0]
    t_x2 = tangents[1]
    # line 366: return np.matmul(x1, np.expand_dims(x2, -1))[..., 0]
    expand_dims = np.expand_dims(x2, -1)
    t_expand_dims = np.reshape(t_x2, np.shape(expand_dims))
    matmul = np.matmul(x1, expand_dims)
    t_matmul = t_x1 @ expand_dims + x1 @ t_expand_dims
    t_item_i = indexable(t_matmul)[..., 0]
    return matmul[..., 0], t_item_i


def jvp_nancumprod(a, axis=None, tangents=None):
    t_a = tangents[0]
    # line 214: a = np.asarray(a)
    _a_old = a
    a = np.asarray(a)
    t_a = stack_tangents(t_a, _a_old)
    result_type = np.result_type(a)
    issubdtype = np.issubdtype(result_type, np.inexact)
    if issubdtype:
        # line 216: a = np.where(np.isnan(a), 1, a)
        isnan = np.isnan(a)
        a = np.where(isnan, 1, a)
        t_a = broadcast_like(np.where(isnan, 0.0, t_a), a)
    # line 217: return np.cumprod(a, axis=axis)
    cumprod = np.cumprod(a, axis=axis)
    t_cumprod = cumprod_tangent(t_a, cumprod, a, axis)
    return cumprod, t_cumprod


def jvp_polynomials_and_products(x, tangents):
    t_x = tangents
    # line 1289: p = np.polyint(np.polyadd(x, x[:2] ** 2), 2, k=[x[0], 0.5])
    x_i = x[:2]
    t_x_i = tangents[:2]
    t_pow1 = t_x_i * 2.0 * x_i
    polyadd1, t_polyadd1 = jvp_polyadd(x, x_i ** 2, tangents=(tangents, t_pow1)
        )
    items = [x[0], 0.5]
    t_items = [tangents[0], None]
    p, t_p = jvp_polyint(polyadd1, 2, k=items, tangents=(t_polyadd1, t_items))
    # line 1290: m = np.polymul(p, x[1:])
    t_x_i2 = tangents[1:]
    m, t_m = jvp_polymul(p, x[1:], tangents=(t_p, t_x_i2))
    # line 1291: v = np.matvec(np.outer(x, x), x) if hasattr(np, "matvec") else np.outer(x, x) @ x
    hasattr1 = hasattr(np, 'matvec')
    if hasattr1:
        # line 1291: v = np.matvec(np.outer(x, x), x) if hasattr(np, "matvec") else np.outer(x, x) @ x
        outer = np.outer(x, x)
        t_outer = np.outer(t_x, x) + np.outer(x, t_x)
        v1, t_v1 = jvp_matvec(outer, x, tangents=(t_outer, t_x))
    else:
        # line 1291: v = np.matvec(np.outer(x, x), x) if hasattr(np, "matvec") else np.outer(x, x) @ x
        outer1 = np.outer(x, x)
        t_outer1 = np.outer(t_x, x) + np.outer(x, t_x)
        v1 = outer1 @ x
        t_v1 = t_outer1 @ x + outer1 @ t_x
    # line 1292: return np.sum(m ** 2) + np.sum(np.nancumprod(np.where(x > 1.0, np.nan, x)) * v)
    t_pow2 = t_m * 2.0 * m
    sum1 = np.sum(m ** 2)
    t_sum1 = np.sum(t_pow2, axis=None, keepdims=False)
    cmp = x > 1.0
    nan = np.nan
    where = np.where(cmp, nan, x)
    t_where = broadcast_like(np.where(cmp, 0.0, t_x), where)
    nancumprod1, t_nancumprod1 = jvp_nancumprod(where, tangents=(t_where,))
    mul = nancumprod1 * v1
    t_mul = broadcast_like(t_nancumprod1 * v1, mul) + broadcast_like(
        nancumprod1 * t_v1, mul)
    sum2 = np.sum(mul)
    t_sum2 = np.sum(t_mul, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    return add, t_add
