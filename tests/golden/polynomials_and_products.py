def grad_poly_aligned(a1, a2, grad_ys=None):
    _a1 = a1
    a1 = np.atleast_1d(a1)
    _a2 = a2
    a2 = np.atleast_1d(a2)
    poly_padding1 = poly_padding(a1, a2)
    unpacked1 = unpacked(poly_padding1, 2)
    before1 = poly_padding1[0]
    before2 = poly_padding1[1]
    if before1:
        result_type = np.result_type(a1)
        zeros = np.zeros(before1, dtype=result_type)
        items = [zeros, a1]
        _a11 = a1
        a1 = np.concatenate(items)
    if before2:
        result_type1 = np.result_type(a2)
        zeros1 = np.zeros(before2, dtype=result_type1)
        items1 = [zeros1, a2]
        _a21 = a2
        a2 = np.concatenate(items1)
    # seed: the gradient of the sum of the outputs
    b_a1 = cotangent(grad_ys[0], a1)
    b_a2 = cotangent(grad_ys[1], a2)
    # adjoint of line 251: if before2:
    if before2:
        # adjoint of line 252: a2 = np.concatenate([np.zeros(before2, dtype=np.result_type(a2)), a2])
        b_items1 = split_like(b_a2, items1, 0)
        b_a2 = item_grad(b_items1, 1, _a21)
    # adjoint of line 249: if before1:
    if before1:
        # adjoint of line 250: a1 = np.concatenate([np.zeros(before1, dtype=np.result_type(a1)), a1])
        b_items = split_like(b_a1, items, 0)
        b_a1 = item_grad(b_items, 1, _a11)
    # adjoint of line 247: a2 = np.atleast_1d(a2)
    b_a2 = np.reshape(b_a2, np.shape(_a2))
    # adjoint of line 246: a1 = np.atleast_1d(a1)
    b_a1 = np.reshape(b_a1, np.shape(_a1))
    return b_a1, b_a2


def fwd_polyadd(a1, a2):
    # names the record holds that a path may leave unbound
    _a1 = None
    _a2 = None
    _retval = None
    poly_aligned1 = None
    whole = poly_object('polyadd', (a1, a2))
    cmp = whole is not None
    if cmp:
        _retval = whole
    else:
        poly_aligned1 = poly_aligned(a1, a2)
        unpacked1 = unpacked(poly_aligned1, 2)
        _a1 = a1
        a1 = poly_aligned1[0]
        _a2 = a2
        a2 = poly_aligned1[1]
        _retval = a1 + a2
    _value = _retval
    return _value, (_a1, _a2, _retval, a1, a2, cmp, poly_aligned1)


def bwd_polyadd(_record, grad_ys=None):
    # the values the primal sweep recorded
    _a1, _a2, _retval, a1, a2, cmp, poly_aligned1 = _record
    # seed: the gradient of the sum of the outputs
    b_retval = cotangent(grad_ys, _retval)
    # adjoint of line 259: if whole is not None:
    if cmp:
        b_a1 = zeros_tree(a1)
        b_a2 = zeros_tree(a2)
    else:
        # adjoint of line 262: return a1 + a2
        b_a1 = unbroadcast(b_retval, a1)
        b_a2 = unbroadcast(b_retval, a2)
        # adjoint of line 261: a1, a2 = poly_aligned(a1, a2)
        b_poly_aligned1 = item_add(None, poly_aligned1, 1, b_a2)
        b_poly_aligned1 = item_add(b_poly_aligned1, poly_aligned1, 0, b_a1)
        b_poly_aligned_args = grad_poly_aligned(_a1, _a2, grad_ys=
            b_poly_aligned1)
        b_a1 = b_poly_aligned_args[0]
        b_a2 = b_poly_aligned_args[1]
    return b_a1, b_a2


def fwd_polyint(p, m=1, k=None):
    # names the record holds that a path may leave unbound
    _k = None
    _k1 = None
    _k2 = None
    _p = None
    _retval = None
    cmp1 = None
    i = None
    k_i = None
    ones = None
    _stack = []
    # names first bound inside loops or branches start unbound
    arange = None
    cond = None
    div = None
    whole = poly_object('polyint', (p,), (m, k))
    cmp = whole is not None
    if cmp:
        _retval = whole
    else:
        m = polyint_order(p, m, k)
        _p = p
        p = np.asarray(p)
        cmp1 = k is None
        if cmp1:
            _k = k
            k = np.zeros(m)
        _k1 = k
        k = np.atleast_1d(k)
        size = np.size(k)
        cond = size == 1
        if cond:
            cond = m > 1
        if cond:
            k_i = k[0]
            ones = np.ones(m)
            _k2 = k
            k = k_i * ones
        for i in range(m):
            n = len(p)
            _stack.append(arange)
            arange = np.arange(n, 0, -1)
            _stack.append(div)
            div = p / arange
            k_i1 = k[i:i + 1]
            items2 = [div, k_i1]
            _stack.append(shape_only(p))
            p = np.concatenate(items2)
        _retval = p
    _value = _retval
    return _value, (_k, _k1, _k2, _p, _retval, _stack, arange, cmp, cmp1,
        cond, div, i, k, k_i, m, ones, p)


def bwd_polyint(_record, grad_ys=None):
    # the values the primal sweep recorded
    (_k, _k1, _k2, _p, _retval, _stack, arange, cmp, cmp1, cond, div, i, k,
        k_i, m, ones, p) = _record
    # the tapes are popped from copies: the record stays whole
    _stack = list(_stack)
    # seed: the gradient of the sum of the outputs
    b_retval = cotangent(grad_ys, _retval)
    # adjoint of line 288: if whole is not None:
    if cmp:
        b_k = zeros_tree(k)
        b_p = zeros_tree(p)
    else:
        # adjoint of line 299: return p
        b_p = b_retval
        # adjoint of line 297: for i in range(m):
        b_k = zeros_tree(k)
        for i in reversed(range(m)):
            # adjoint of line 298: p = np.concatenate([p / np.arange(len(p), 0, -1), k[i:i + 1]])
            p_before = _stack.pop()
            pieces = split_rest(b_p, (div,), 0)
            del div
            b_div = pieces[0]
            b_k_i1 = pieces[1]
            del pieces
            b_k = item_add(b_k, k, slice(i, i + 1, None), b_k_i1)
            div_before = _stack.pop()
            b_p = unbroadcast(b_div / arange, p_before)
            del arange, b_div
            div = div_before
            arange_before = _stack.pop()
            arange = arange_before
        # adjoint of line 295: if np.size(k) == 1 and m > 1:
        if cond:
            # adjoint of line 296: k = k[0] * np.ones(m)
            b_k_i = unbroadcast(b_k * ones, k_i)
            b_k = item_add(None, _k2, 0, b_k_i)
        # adjoint of line 294: k = np.atleast_1d(k)
        b_k = np.reshape(b_k, np.shape(_k1))
        # adjoint of line 292: if k is None:
        if cmp1:
            b_k = zeros_tree(_k)
        # adjoint of line 291: p = np.asarray(p)
        b_p = unstack_like(b_p, _p)
    return b_p, b_k


def fwd_polymul(a1, a2):
    # names the record holds that a path may leave unbound
    _a1 = None
    _a2 = None
    _retval = None
    a1_i = None
    a2_i = None
    poly_start1 = None
    poly_start2 = None
    whole = poly_object('polymul', (a1, a2))
    cmp = whole is not None
    if cmp:
        _retval = whole
    else:
        _a1 = a1
        a1 = np.atleast_1d(a1)
        _a2 = a2
        a2 = np.atleast_1d(a2)
        poly_start1 = poly_start(a1)
        a1_i = a1[poly_start1:]
        poly_start2 = poly_start(a2)
        a2_i = a2[poly_start2:]
        _retval = np.convolve(a1_i, a2_i)
    _value = _retval
    return _value, (_a1, _a2, _retval, a1, a1_i, a2, a2_i, cmp, poly_start1,
        poly_start2)


def bwd_polymul(_record, grad_ys=None):
    # the values the primal sweep recorded
    (_a1, _a2, _retval, a1, a1_i, a2, a2_i, cmp, poly_start1, poly_start2
        ) = _record
    # seed: the gradient of the sum of the outputs
    b_retval = cotangent(grad_ys, _retval)
    # adjoint of line 333: if whole is not None:
    if cmp:
        b_a1 = zeros_tree(a1)
        b_a2 = np.zeros_like(a2)
    else:
        # adjoint of line 337: return np.convolve(a1[poly_start(a1):], a2[poly_start(a2):])
        b_a1_i = np_convolve_grad(b_retval, a1_i, a2_i, 'full')
        b_a2_i = np_convolve_grad(b_retval, a2_i, a1_i, 'full')
        b_a2 = index_add(None, a2, slice(poly_start2, None, None), b_a2_i)
        del b_a2_i
        b_a1 = item_add(None, a1, slice(poly_start1, None, None), b_a1_i)
        # adjoint of line 336: a2 = np.atleast_1d(a2)
        b_a2 = np.reshape(b_a2, np.shape(_a2))
        # adjoint of line 335: a1 = np.atleast_1d(a1)
        b_a1 = np.reshape(b_a1, np.shape(_a1))
    return b_a1, b_a2


def fwd_matvec(x1, x2):
    expand_dims = np.expand_dims(x2, -1)
    matmul = np.matmul(x1, expand_dims)
    item_i = matmul[..., 0]
    return item_i, (expand_dims, matmul, x1, x2)


def bwd_matvec(_record, grad_ys, b_x1, b_x2):
    # the values the primal sweep recorded
    expand_dims, matmul, x1, x2 = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 366: return np.matmul(x1, np.expand_dims(x2, -1))[..., 0]
    b_matmul = index_add(None, matmul, (..., 0), grad_ys)
    vjp = vjp_matmul(b_matmul, matmul, x=x1, y=expand_dims)
    del b_matmul, expand_dims, matmul
    b_x1 = vjp[0] if b_x1 is None else b_x1 + vjp[0]
    b_expand_dims = vjp[1]
    del vjp
    b_x2 = np.reshape(b_expand_dims, np.shape(x2)
        ) if b_x2 is None else b_x2 + np.reshape(b_expand_dims, np.shape(x2))
    return b_x1, b_x2


def fwd_nancumprod(a, axis=None):
    # names the record holds that a path may leave unbound
    _a1 = None
    isnan = None
    _a = a
    a = np.asarray(a)
    result_type = np.result_type(a)
    issubdtype = np.issubdtype(result_type, np.inexact)
    if issubdtype:
        isnan = np.isnan(a)
        _a1 = a
        a = np.where(isnan, 1, a)
    cumprod = np.cumprod(a, axis=axis)
    _value = cumprod
    return _value, (_a, _a1, a, axis, cumprod, isnan, issubdtype)


def bwd_nancumprod(_record, grad_ys=None):
    # the values the primal sweep recorded
    _a, _a1, a, axis, cumprod, isnan, issubdtype = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 217: return np.cumprod(a, axis=axis)
    b_a = cumprod_grad(grad_ys, cumprod, a, axis)
    del cumprod
    # adjoint of line 215: if np.issubdtype(np.result_type(a), np.inexact):
    if issubdtype:
        # adjoint of line 216: a = np.where(np.isnan(a), 1, a)
        b_a = unbroadcast(np.where(isnan, 0.0, b_a), _a1)
    # adjoint of line 214: a = np.asarray(a)
    b_a = unstack_like(b_a, _a)
    return b_a


def grad_polynomials_and_products(x, grad_ys=None):
    x_i = x[:2]
    polyadd1, _record_polyadd = fwd_polyadd(x, x_i ** 2)
    x_i1 = x[0]
    items = [x_i1, 0.5]
    p, _record_polyint = fwd_polyint(polyadd1, 2, k=items)
    m, _record_polymul = fwd_polymul(p, x[1:])
    hasattr1 = hasattr(np, 'matvec')
    if hasattr1:
        outer = np.outer(x, x)
        v1, _record_matvec = fwd_matvec(outer, x)
    else:
        outer1 = np.outer(x, x)
        v1 = outer1 @ x
    cmp = x > 1.0
    nan = np.nan
    where = np.where(cmp, nan, x)
    nancumprod1, _record_nancumprod = fwd_nancumprod(where)
    mul = nancumprod1 * v1
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 1292: return np.sum(m ** 2) + np.sum(np.nancumprod(np.where(x > 1.0, np.nan, x)) * v)
    b_mul = spread(b_add, mul)
    del mul
    b_nancumprod1 = unbroadcast(b_mul * v1, nancumprod1)
    b_v = unbroadcast(nancumprod1 * b_mul, v1)
    del b_mul, nancumprod1
    b_nancumprod_a = bwd_nancumprod(_record_nancumprod, b_nancumprod1)
    del b_nancumprod1
    b_x = np.where(cmp, 0.0, b_nancumprod_a)
    b_m = b_add * 2.0 * m
    # adjoint of line 1291: v = np.matvec(np.outer(x, x), x) if hasattr(np, "matvec") else np.outer(x, x) @ x
    b_v1 = b_v
    del b_v
    # adjoint of line 1291: v = np.matvec(np.outer(x, x), x) if hasattr(np, "matvec") else np.outer(x, x) @ x
    if hasattr1:
        # adjoint of line 1291: v = np.matvec(np.outer(x, x), x) if hasattr(np, "matvec") else np.outer(x, x) @ x
        b_matvec_args = bwd_matvec(_record_matvec, b_v1, None, None)
        del b_v1
        b_outer = b_matvec_args[0]
        b_x = add_into(b_x, b_matvec_args[1])
        del b_matvec_args
        b_x += b_outer @ x + x @ b_outer
        del b_outer
    else:
        # adjoint of line 1291: v = np.matvec(np.outer(x, x), x) if hasattr(np, "matvec") else np.outer(x, x) @ x
        b_outer1 = np.outer(b_v1, x)
        b_x = add_into(b_x, outer1.T @ b_v1)
        del b_v1
        b_x += b_outer1 @ x + x @ b_outer1
        del b_outer1
    # adjoint of line 1290: m = np.polymul(p, x[1:])
    b_polymul_args = bwd_polymul(_record_polymul, b_m)
    b_p = b_polymul_args[0]
    b_x_i2 = b_polymul_args[1]
    del b_polymul_args
    b_x[1:] += b_x_i2
    del b_x_i2
    # adjoint of line 1289: p = np.polyint(np.polyadd(x, x[:2] ** 2), 2, k=[x[0], 0.5])
    b_polyint_args = bwd_polyint(_record_polyint, b_p)
    b_polyadd1 = b_polyint_args[0]
    b_items = b_polyint_args[1]
    del b_polyint_args
    b_x_i1 = item_grad(b_items, 0, x_i1)
    b_x[0] += b_x_i1
    b_polyadd_args = bwd_polyadd(_record_polyadd, b_polyadd1)
    b_x += b_polyadd_args[0]
    b_pow1 = b_polyadd_args[1]
    del b_polyadd_args
    b_x_i = mul_into(x_i, b_pow1 * 2.0)
    del b_pow1, x_i
    b_x[:2] += b_x_i
    return finish(b_x, x)
