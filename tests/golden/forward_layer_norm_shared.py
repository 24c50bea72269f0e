def jvp_layer_norm_shared(h, g, tangents):
    # line 732: mu = np.mean(h, axis=-1, keepdims=True)
    mu = np.mean(h, axis=-1, keepdims=True)
    t_mu = np.mean(tangents, axis=-1, keepdims=True)
    # line 733: var = np.mean((h - mu) ** 2, axis=-1, keepdims=True)
    sub = h - mu
    t_sub = broadcast_like(tangents, sub) - broadcast_like(t_mu, sub)
    t_pow1 = t_sub * 2.0 * sub
    var = np.mean(sub ** 2, axis=-1, keepdims=True)
    t_var = np.mean(t_pow1, axis=-1, keepdims=True)
    # line 734: return np.sum(((h - mu) / np.sqrt(var + 1e-5) * g) ** 2)
    add = var + 1e-05
    t_add = broadcast_like(t_var, add)
    sqrt = np.sqrt(add)
    t_sqrt = t_add * 0.5 / sqrt
    div = sub / sqrt
    t_div = broadcast_like(t_sub / sqrt, div) - broadcast_like(t_sqrt /
        sqrt * div, div)
    mul = div * g
    t_mul = broadcast_like(t_div * g, mul)
    t_pow2 = t_mul * 2.0 * mul
    sum1 = np.sum(mul ** 2)
    t_sum1 = np.sum(t_pow2, axis=None, keepdims=False)
    return sum1, t_sum1
