def jvp_grad_layer_norm_shared(h, g, grad_ys=None, tangents=None):
    # line 2: mu = np.mean(h, axis=-1, keepdims=True)
    mu = np.mean(h, axis=-1, keepdims=True)
    t_mu = np.mean(tangents, axis=-1, keepdims=True)
    # line 3: sub = h - mu
    sub = h - mu
    t_sub = broadcast_like(tangents, sub) - broadcast_like(t_mu, sub)
    # line 4: pow1 = sub ** 2
    pow1 = sub ** 2
    t_pow1 = t_sub * 2.0 * sub
    # line 5: var = np.mean(pow1, axis=-1, keepdims=True)
    var = np.mean(pow1, axis=-1, keepdims=True)
    t_var = np.mean(t_pow1, axis=-1, keepdims=True)
    # line 6: sqrt = np.sqrt(var + 1e-05)
    add = var + 1e-05
    t_add = broadcast_like(t_var, add)
    sqrt = np.sqrt(add)
    t_sqrt = t_add * 0.5 / sqrt
    # line 7: div = sub / sqrt
    div = sub / sqrt
    t_div = broadcast_like(t_sub / sqrt, div) - broadcast_like(t_sqrt /
        sqrt * div, div)
    b_sum1 = scalar_seed(grad_ys)
    # line 11: b_mul = b_sum1 * 2.0 * (div * g)
    mul = b_sum1 * 2.0
    mul1 = div * g
    t_mul1 = broadcast_like(t_div * g, mul1)
    b_mul = mul * mul1
    t_b_mul = broadcast_like(mul * t_mul1, b_mul)
    # line 12: b_div = b_mul * g
    b_div = b_mul * g
    t_b_div = broadcast_like(t_b_mul * g, b_div)
    # line 13: b_sub = b_div / sqrt
    b_sub = b_div / sqrt
    t_b_sub = broadcast_like(t_b_div / sqrt, b_sub) - broadcast_like(t_sqrt /
        sqrt * b_sub, b_sub)
    # line 14: b_sqrt = unbroadcast(b_sub * div, sqrt)
    mul2 = b_sub * div
    t_mul2 = broadcast_like(t_b_sub * div, mul2) + broadcast_like(b_sub *
        t_div, mul2)
    b_sqrt = unbroadcast(mul2, sqrt)
    t_b_sqrt = unbroadcast(t_mul2, sqrt)
    # line 15: b_add = b_sqrt * -0.5 / sqrt
    mul3 = b_sqrt * -0.5
    t_mul3 = broadcast_like(t_b_sqrt * -0.5, mul3)
    b_add = mul3 / sqrt
    t_b_add = broadcast_like(t_mul3 / sqrt, b_add) - broadcast_like(t_sqrt /
        sqrt * b_add, b_add)
    # line 17: b_pow1 = unreduce(b_add, pow1, -1, True, b_sub) * (size_of(var) /
    unreduce1 = unreduce(b_add, pow1, -1, True, b_sub)
    t_unreduce1 = unreduce(t_b_add, pow1, -1, True, b_sub)
    size_of1 = size_of(var)
    size_of2 = size_of(sub)
    div1 = size_of1 / size_of2
    b_pow1 = unreduce1 * div1
    t_b_pow1 = broadcast_like(t_unreduce1 * div1, b_pow1)
    # line 19: b_sub += b_pow1 * 2.0 * sub
    mul4 = b_pow1 * 2.0
    t_mul4 = broadcast_like(t_b_pow1 * 2.0, mul4)
    mul5 = mul4 * sub
    t_mul5 = broadcast_like(t_mul4 * sub, mul5) + broadcast_like(mul4 *
        t_sub, mul5)
    b_sub = b_sub + mul5
    t_b_sub = broadcast_like(t_b_sub, b_sub) + broadcast_like(t_mul5, b_sub)
    # line 20: b_mu = -unbroadcast(b_sub, mu)
    unbroadcast1 = unbroadcast(b_sub, mu)
    t_unbroadcast1 = unbroadcast(t_b_sub, mu)
    b_mu = -unbroadcast1
    t_b_mu = -t_unbroadcast1
    # line 22: b_h = b_sub + unreduce(b_mu, h, -1, True, b_sub) * (size_of(mu) /
    unreduce2 = unreduce(b_mu, h, -1, True, b_sub)
    t_unreduce2 = unreduce(t_b_mu, h, -1, True, b_sub)
    size_of3 = size_of(mu)
    size_of4 = size_of(h)
    div2 = size_of3 / size_of4
    mul6 = unreduce2 * div2
    t_mul6 = broadcast_like(t_unreduce2 * div2, mul6)
    b_h = b_sub + mul6
    t_b_h = broadcast_like(t_b_sub, b_h) + broadcast_like(t_mul6, b_h)
    # line 24: return finish(b_h, h, True)
    finish1 = finish(b_h, h, True)
    t_finish1 = finish(t_b_h, h, True, None)
    return finish1, t_finish1
