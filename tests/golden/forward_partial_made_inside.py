def jvp__partial_loss(x, scale=1.0, shift=0.0, tangents=None):
    t_x = tangents[0]
    t_shift = tangents[1]
    # line 1042: return scale * np.sum((x - shift) ** 2)
    sub = x - shift
    t_sub = broadcast_like(t_x, sub) - broadcast_like(t_shift, sub)
    t_pow1 = t_sub * 2.0 * sub
    sum1 = np.sum(sub ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    mul = scale * sum1
    t_mul = broadcast_like(scale * t_sum1, mul)
    return mul, t_mul


def jvp_partial_made_inside(x, tangents):
    # line 1036: f = functools.partial(_partial_loss, scale=2.0, shift=x[0])
    f_arg = x[0]
    t_f_arg = tangents[0]
    # line 1038: return f(x, scale=3.0) + f(x * x) + np.sum(g(np.outer(x, x)) ** 2)
    partial_loss, t_partial_loss = jvp__partial_loss(x, shift=f_arg, scale=
        3.0, tangents=(tangents, t_f_arg))
    mul = x * x
    t_mul = 2.0 * broadcast_like(tangents * x, mul)
    partial_loss1, t_partial_loss1 = jvp__partial_loss(mul, scale=2.0,
        shift=f_arg, tangents=(t_mul, t_f_arg))
    add = partial_loss + partial_loss1
    t_add = broadcast_like(t_partial_loss, add) + broadcast_like(
        t_partial_loss1, add)
    outer = np.outer(x, x)
    t_outer = np.outer(tangents, x) + np.outer(x, tangents)
    sum1 = np.sum(outer, axis=0)
    t_sum1 = np.sum(t_outer, axis=0, keepdims=False)
    t_pow1 = t_sum1 * 2.0 * sum1
    sum2 = np.sum(sum1 ** 2)
    t_sum2 = np.sum(t_pow1, axis=None, keepdims=False)
    add1 = add + sum2
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum2, add1)
    return add1, t_add1
