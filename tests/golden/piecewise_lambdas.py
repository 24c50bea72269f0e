def grad_piecewise_lambdas(x, grad_ys=None):
    piecewise_x = asarray(x)
    cmp = x < 0
    cmp1 = x > 1.0
    items = [cmp, cmp1]
    piecewise_cond = piecewise_conditions(piecewise_x, items, 3)
    piecewise = zeros_like(piecewise_x)
    any11 = any1(piecewise_cond[0])
    if any11:
        piecewise_cond_i1 = piecewise_cond[0]
        piecewise_cond_i2 = piecewise_cond[0]
        neg = -piecewise_x[piecewise_cond_i2]
        x_i = x[0]
        piece1 = neg * x_i
        piecewise = masked_put(piecewise, piecewise_cond_i1, piece1)
    any12 = any1(piecewise_cond[1])
    if any12:
        piecewise_cond_i4 = piecewise_cond[1]
        piecewise_cond_i5 = piecewise_cond[1]
        piecewise_x_i1 = piecewise_x[piecewise_cond_i5]
        sin = np.sin(piecewise_x_i1)
        _piecewise2 = piecewise
        piecewise = masked_put(piecewise, piecewise_cond_i4, sin)
    piecewise_cond_i6 = piecewise_cond[2]
    _piecewise3 = piecewise
    piecewise = masked_put(piecewise, piecewise_cond_i6, 0.5)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 904: return np.sum(p ** 2)
    b_piecewise = mul_into(piecewise, b_sum1 * 2.0)
    del piecewise
    # adjoint of line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
    b_piecewise = masked_put(np.asarray(b_piecewise), piecewise_cond_i6, 0.0)
    piecewise = _piecewise3
    del _piecewise3
    # adjoint of line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
    if any12:
        # adjoint of line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
        b_piecewise_out1 = b_piecewise
        b_piecewise = masked_put(np.asarray(b_piecewise), piecewise_cond_i4,
            0.0)
        b_sin = masked_values_grad(b_piecewise_out1, piecewise_cond_i4, sin,
            piecewise)
        del b_piecewise_out1, piecewise
        piecewise = _piecewise2
        b_piecewise_x_i1 = mul_into(b_sin, np.cos(piecewise_x_i1))
        del b_sin
        b_piecewise_x = index_add(None, piecewise_x, piecewise_cond_i5,
            b_piecewise_x_i1)
        del b_piecewise_x_i1
    else:
        b_piecewise_x = np.zeros_like(piecewise_x)
    # adjoint of line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
    if any11:
        # adjoint of line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
        b_piecewise_out2 = b_piecewise
        b_piecewise = masked_put(np.asarray(b_piecewise), piecewise_cond_i1,
            0.0)
        b_piece1 = masked_values_grad(b_piecewise_out2, piecewise_cond_i1,
            piece1, piecewise)
        del b_piecewise_out2, piecewise
        b_piecewise_x_i = -b_piece1 * x_i
        b_x_i = sum_product(neg, b_piece1, x_i)
        del b_piece1
        b_x = index_add(None, x, 0, b_x_i)
        b_piecewise_x = index_add(None, piecewise_x, piecewise_cond_i2,
            b_piecewise_x_i) + b_piecewise_x
        del b_piecewise_x_i, piecewise_x
    else:
        b_x = np.zeros_like(x)
    # adjoint of line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
    b_x = b_x + unstack_like(b_piecewise_x, x)
    return finish(b_x, x)
