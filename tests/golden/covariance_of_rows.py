def fwd_cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None,
    aweights=None):
    # names the record holds that a path may leave unbound
    _X2 = None
    centred = None
    div = None
    div1 = None
    div3 = None
    fact = None
    items = None
    matmul = None
    matmul1 = None
    mean = None
    mul = None
    mul3 = None
    sub = None
    transposed = None
    transposed1 = None
    w = None
    w_sum = None
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
    cond2 = fweights is None
    if cond2:
        cond2 = aweights is None
    if cond2:
        mean = np.mean(X, axis=1, keepdims=True)
        centred = X - mean
        conj = np.conj(centred)
        transposed = conj.T
        matmul = centred @ transposed
        shape2 = X.shape
        sub = shape2[1] - ddof
        div = matmul / sub
        _retval = np.squeeze(div)
    else:
        shape3 = X.shape
        w = _cov_weights(fweights, aweights, shape3[1])
        w_sum = np.sum(w)
        mul = X * w
        sum1 = short_sum(mul, axis=1, keepdims=True)
        div1 = sum1 / w_sum
        centred = X - div1
        cmp2 = ddof == 0
        if cmp2:
            fact = w_sum
        else:
            cmp3 = aweights is None
            if cmp3:
                fact = w_sum - ddof
            else:
                sum2 = np.sum(w * aweights)
                fact = w_sum - ddof * sum2 / w_sum
        mul3 = centred * w
        conj1 = np.conj(centred)
        transposed1 = conj1.T
        matmul1 = mul3 @ transposed1
        div3 = matmul1 / fact
        _retval = np.squeeze(div3)
    _value = _retval
    return _value, (X, _X2, centred, cmp, cond, cond2, div, div1, div3,
        fact, items, m, matmul, matmul1, mean, mul, mul3, sub, transposed,
        transposed1, w, w_sum)


def bwd_cov(_record, grad_ys, b_m):
    # the values the primal sweep recorded
    (X, _X2, centred, cmp, cond, cond2, div, div1, div3, fact, items, m,
        matmul, matmul1, mean, mul, mul3, sub, transposed, transposed1, w,
        w_sum) = _record
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 54: if fweights is None and aweights is None:
    if cond2:
        # adjoint of line 56: return np.squeeze(centred @ np.conj(centred).T / (X.shape[1] - ddof))
        b_div = np.reshape(b_retval, np.shape(div))
        b_matmul = unbroadcast(b_div / sub, matmul)
        del b_div
        vjp = vjp_matmul(b_matmul, matmul, x=centred, y=transposed)
        del b_matmul
        b_transposed = vjp[1]
        b_conj = np.transpose(b_transposed)
        del b_transposed
        b_centred = vjp[0] + match_complex(np.conj(b_conj), centred)
        del b_conj, vjp
        # adjoint of line 55: centred = X - np.mean(X, axis=1, keepdims=True)
        b_X = unbroadcast(b_centred, X)
        b_mean = -unbroadcast(b_centred, mean)
        del b_centred
        b_X = b_X + unreduce(b_mean, X, 1, True, b_X) * (size_of(mean) /
            size_of(X))
        del X, b_mean
    else:
        # adjoint of line 66: return np.squeeze((centred * w) @ np.conj(centred).T / fact)
        b_div3 = np.reshape(b_retval, np.shape(div3))
        b_matmul1 = unbroadcast(b_div3 / fact, matmul1)
        del b_div3
        vjp1 = vjp_matmul(b_matmul1, matmul1, x=mul3, y=transposed1)
        del b_matmul1
        b_mul3 = vjp1[0]
        b_transposed1 = vjp1[1]
        del vjp1
        b_conj1 = np.transpose(b_transposed1)
        del b_transposed1
        b_centred = match_complex(np.conj(b_conj1), centred)
        del b_conj1
        b_centred = add_into(b_centred, unbroadcast(b_mul3 * w, centred))
        del b_mul3
        # adjoint of line 59: centred = X - np.sum(X * w, axis=1, keepdims=True) / w_sum
        b_X = unbroadcast(b_centred, X)
        b_div1 = -unbroadcast(b_centred, div1)
        del b_centred
        b_sum1 = b_div1 / w_sum
        del b_div1
        b_mul = unreduce(b_sum1, mul, 1, True)
        del b_sum1
        b_X = add_into(b_X, unbroadcast(b_mul * w, X))
        del X, b_mul
    # adjoint of line 47: if y is not None:
    if cmp:
        # adjoint of line 51: X = np.concatenate([X, Y], axis=0)
        b_items = split_like(b_X, items, 0)
        b_X = item_grad(b_items, 0, _X2)
    # adjoint of line 45: if not rowvar and X.shape[0] != 1:
    if cond:
        # adjoint of line 46: X = X.T
        b_X = np.transpose(b_X)
    # adjoint of line 44: X = np.atleast_2d(m) * 1.0
    b_atleast_2d = b_X * 1.0
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
