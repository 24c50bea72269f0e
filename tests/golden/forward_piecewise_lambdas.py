def jvp_piecewise_lambdas(x, tangents):
    t_x = tangents
    # line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
    piecewise_x = asarray(x)
    t_piecewise_x = stack_tangents(tangents, x)
    cmp = x < 0
    cmp1 = x > 1.0
    items = [cmp, cmp1]
    piecewise_cond = piecewise_conditions(piecewise_x, items, 3)
    piecewise = zeros_like(piecewise_x)
    any11 = any1(piecewise_cond[0])
    if any11:
        # line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
        piecewise_cond_i1 = piecewise_cond[0]
        piecewise_cond_i2 = piecewise_cond[0]
        t_piecewise_x_i = t_piecewise_x[piecewise_cond_i2]
        neg = -piecewise_x[piecewise_cond_i2]
        t_neg = -t_piecewise_x_i
        x_i = x[0]
        piece1 = neg * x_i
        t_piece1 = broadcast_like(t_neg * x_i, piece1) + broadcast_like(neg *
            t_x[0], piece1)
        piecewise = masked_put(piecewise, piecewise_cond_i1, piece1)
        t_piecewise = masked_put(np.zeros(np.shape(piecewise)),
            piecewise_cond_i1, stored_tangent(t_piece1, piecewise))
    else:
        t_piecewise = zeros_tree(piecewise)
    # line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
    any12 = any1(piecewise_cond[1])
    if any12:
        # line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
        piecewise_cond_i4 = piecewise_cond[1]
        piecewise_cond_i5 = piecewise_cond[1]
        piecewise_x_i1 = piecewise_x[piecewise_cond_i5]
        t_piecewise_x_i1 = t_piecewise_x[piecewise_cond_i5]
        sin = np.sin(piecewise_x_i1)
        t_sin = t_piecewise_x_i1 * np.cos(piecewise_x_i1)
        piecewise = masked_put(piecewise, piecewise_cond_i4, sin)
        t_piecewise = masked_put(t_piecewise, piecewise_cond_i4, 0.0
            ) + masked_put(np.zeros(np.shape(piecewise)), piecewise_cond_i4,
            stored_tangent(t_sin, piecewise))
    # line 903: p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
    piecewise_cond_i6 = piecewise_cond[2]
    piecewise = masked_put(piecewise, piecewise_cond_i6, 0.5)
    t_piecewise = masked_put(t_piecewise, piecewise_cond_i6, 0.0)
    # line 904: return np.sum(p ** 2)
    t_pow1 = t_piecewise * 2.0 * piecewise
    sum1 = np.sum(piecewise ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    return sum1, t_sum1
