def fwd_cov(m, y=None, rowvar=True, bias=False, ddof=None):
    # names the record holds that a path may leave unbound
    _X2 = None
    items = None
    atleast_2d = np.atleast_2d(m)
    X = atleast_2d * 1.0
    cond = not rowvar
    if cond:
        shape = X.shape
        cond = shape[0] != 1
    if cond:
        X = X.T
    cmp = y is not None
    if cmp:
        atleast_2d1 = np.atleast_2d(y)
        Y = atleast_2d1 * 1.0
        cond1 = not rowvar
        if cond1:
            shape1 = Y.shape
            cond1 = shape1[0] != 1
        if cond1:
            Y = Y.T
        items = [X, Y]
        _X2 = X
        X = np.concatenate(items, axis=0)
    cmp1 = ddof is None
    if cmp1:
        if bias:
            ddof1 = 0
        else:
            ddof1 = 1
        ddof = ddof1
    mean = np.mean(X, axis=1, keepdims=True)
    centred = X - mean
    transposed = centred.T
    matmul = centred @ transposed
    shape2 = X.shape
    sub = shape2[1] - ddof
    div = matmul / sub
    squeeze = np.squeeze(div)
    _value = squeeze
    return _value, (X, _X2, centred, cmp, cond, div, items, m, matmul, mean,
        sub, transposed)


def bwd_cov(_record, grad_ys, b_m):
    # the values the primal sweep recorded
    (X, _X2, centred, cmp, cond, div, items, m, matmul, mean, sub, transposed
        ) = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 53: return np.squeeze(centred @ centred.T / (X.shape[1] - ddof))
    b_div = np.reshape(grad_ys, np.shape(div))
    del div
    b_matmul = unbroadcast(b_div / sub, matmul)
    del b_div, sub
    vjp = vjp_matmul(b_matmul, matmul, x=centred, y=transposed)
    del b_matmul, centred, matmul, transposed
    b_transposed = vjp[1]
    b_centred = vjp[0] + np.transpose(b_transposed)
    del b_transposed, vjp
    # adjoint of line 52: centred = X - np.mean(X, axis=1, keepdims=True)
    b_X = unbroadcast(b_centred, X)
    b_mean = -unbroadcast(b_centred, mean)
    del b_centred
    b_X = b_X + unreduce(b_mean, X, 1, True, b_X) * (size_of(mean) / size_of(X)
        )
    del X, b_mean, mean
    # adjoint of line 45: if y is not None:
    if cmp:
        # adjoint of line 49: X = np.concatenate([X, Y], axis=0)
        b_items = split_like(b_X, items, 0)
        del b_X
        b_X = item_grad(b_items, 0, _X2)
    # adjoint of line 43: if not rowvar and X.shape[0] != 1:
    if cond:
        # adjoint of line 44: X = X.T
        b_X = np.transpose(b_X)
    # adjoint of line 42: X = np.atleast_2d(m) * 1.0
    b_atleast_2d = mul_into(b_X, 1.0)
    del b_X
    b_m = np.reshape(b_atleast_2d, np.shape(m)
        ) if b_m is None else b_m + np.reshape(b_atleast_2d, np.shape(m))
    return b_m


def grad_covariance_of_rows(m, grad_ys=None):
    cov1, _record_cov = fwd_cov(m)
    items = [1.0, 0.5]
    items1 = [0.5, 2.0]
    items2 = [items, items1]
    array = np.array(items2)
    mul = cov1 * array
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 341: return np.sum(np.cov(m) * np.array([[1.0, 0.5], [0.5, 2.0]]))
    b_mul = spread(b_sum1, mul)
    del mul
    b_cov1 = unbroadcast(b_mul * array, cov1)
    del array, b_mul, cov1
    b_cov_m = bwd_cov(_record_cov, b_cov1, None)
    return finish(b_cov_m, m, False, (grad_ys,))
