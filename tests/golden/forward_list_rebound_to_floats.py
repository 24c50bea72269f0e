def jvp_list_rebound_to_floats(x, tangents):
    t_x = tangents
    # line 1222: xs = [1, 2, 3]
    xs = [1, 2, 3]
    t_xs = [None, None, None]
    # line 1223: xs = np.array(xs, dtype=float)
    _xs_old = xs
    xs = np.array(xs, dtype=float)
    t_xs = stack_tangents(filled(t_xs, _xs_old), _xs_old)
    n = len(xs)
    for i in range(1, n):
        # line 1225: xs[i] = xs[i] * xs[i - 1] + x[i]
        xs_i = xs[i]
        t_xs_i = item_grad(t_xs, i, xs_i)
        sub = i - 1
        xs_i1 = xs[sub]
        t_xs_i1 = item_grad(t_xs, sub, xs_i1)
        mul = xs_i * xs_i1
        t_mul = broadcast_like(t_xs_i * xs_i1, mul) + broadcast_like(xs_i *
            t_xs_i1, mul)
        add = mul + x[i]
        t_add = broadcast_like(t_mul, add) + broadcast_like(t_x[i], add)
        xs[i] = add
        t_xs = item_clear(t_xs, i)
        t_xs[i] = t_add
    # line 1226: return np.sum(xs * x)
    mul1 = xs * x
    t_mul1 = broadcast_like(t_xs * x, mul1) + broadcast_like(xs * t_x, mul1)
    sum1 = np.sum(mul1)
    t_sum1 = np.sum(t_mul1, axis=None, keepdims=False)
    return sum1, t_sum1
