def jvp_append_in_loop(x, tangents):
    # line 498: hs = []
    hs = []
    t_hs = []
    # line 499: h = x
    h = x
    t_h = tangents
    for i in range(3):
        # line 501: h = np.tanh(h * 1.5)
        mul = h * 1.5
        t_mul = broadcast_like(t_h * 1.5, mul)
        h = np.tanh(mul)
        t_h = t_mul * (1.0 - h * h)
        # line 502: hs.append(h)
        hs.append(h)
        t_hs.append(t_h)
    # line 503: return np.sum(hs[0] + hs[-1]) + np.sum(np.stack(hs))
    hs_i = hs[0]
    t_hs_i = item_grad(t_hs, 0, hs_i)
    hs_i1 = hs[-1]
    t_hs_i1 = item_grad(t_hs, -1, hs_i1)
    add = hs_i + hs_i1
    t_add = broadcast_like(t_hs_i, add) + broadcast_like(t_hs_i1, add)
    sum1 = np.sum(add)
    t_sum1 = np.sum(t_add, axis=None, keepdims=False)
    stack = np.stack(hs)
    t_stack = np.stack(fill_zeros(t_hs, hs), axis=0)
    sum2 = np.sum(stack)
    t_sum2 = np.sum(t_stack, axis=None, keepdims=False)
    add1 = sum1 + sum2
    t_add1 = broadcast_like(t_sum1, add1) + broadcast_like(t_sum2, add1)
    return add1, t_add1
