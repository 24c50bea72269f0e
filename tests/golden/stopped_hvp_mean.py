def jvp_grad_mean_stopped(x, grad_ys=None, tangents=None):
    m = np.mean(x)
    # line 3: sub = x - m
    sub = x - m
    t_sub = broadcast_like(tangents, sub)
    # line 4: tanh = np.tanh(sub)
    tanh = np.tanh(sub)
    t_tanh = t_sub * (1.0 - tanh * tanh)
    # line 5: pow1 = tanh ** 2
    pow1 = tanh ** 2
    t_pow1 = t_tanh * 2.0 * tanh
    mul = pow1 * x
    sum1 = np.sum(mul)
    b_sum1 = seed(grad_ys, sum1)
    b_mul = spread(b_sum1, mul)
    # line 12: b_pow1 = unbroadcast(b_mul * x, pow1)
    mul1 = b_mul * x
    t_mul1 = broadcast_like(b_mul * tangents, mul1)
    b_pow1 = unbroadcast(mul1, pow1)
    t_b_pow1 = unbroadcast(t_mul1, pow1)
    # line 13: b_x = unbroadcast(pow1 * b_mul, x)
    mul2 = pow1 * b_mul
    t_mul2 = broadcast_like(t_pow1 * b_mul, mul2)
    b_x = unbroadcast(mul2, x)
    t_b_x = unbroadcast(t_mul2, x)
    # line 14: b_tanh = b_pow1 * 2.0 * tanh
    mul3 = b_pow1 * 2.0
    t_mul3 = broadcast_like(t_b_pow1 * 2.0, mul3)
    b_tanh = mul3 * tanh
    t_b_tanh = broadcast_like(t_mul3 * tanh, b_tanh) + broadcast_like(mul3 *
        t_tanh, b_tanh)
    # line 15: b_sub = b_tanh * (1.0 - tanh * tanh)
    mul4 = tanh * tanh
    t_mul4 = 2.0 * broadcast_like(t_tanh * tanh, mul4)
    sub1 = 1.0 - mul4
    t_sub1 = -broadcast_like(t_mul4, sub1)
    b_sub = b_tanh * sub1
    t_b_sub = broadcast_like(t_b_tanh * sub1, b_sub) + broadcast_like(
        b_tanh * t_sub1, b_sub)
    # line 16: b_x = b_x + unbroadcast(b_sub, x)
    unbroadcast1 = unbroadcast(b_sub, x)
    t_unbroadcast1 = unbroadcast(t_b_sub, x)
    b_x = b_x + unbroadcast1
    t_b_x = broadcast_like(t_b_x, b_x) + broadcast_like(t_unbroadcast1, b_x)
    # line 17: return finish(b_x, x, True, (grad_ys,))
    items = grad_ys,
    finish1 = finish(b_x, x, True, items)
    t_finish1 = finish(t_b_x, x, True, items)
    return finish1, t_finish1
