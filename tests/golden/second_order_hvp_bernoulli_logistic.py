def jvp_grad_bernoulli_logistic(w, x, grad_ys=None, tangents=None):
    t_w = tangents[0]
    t_x = tangents[1]
    # line 2: exp = np.exp(-(x * w))
    mul = x * w
    t_mul = broadcast_like(t_x * w, mul) + broadcast_like(x * t_w, mul)
    t_neg = -t_mul
    exp = np.exp(-mul)
    t_exp = t_neg * exp
    # line 3: add = 1.0 + exp
    add = 1.0 + exp
    t_add = broadcast_like(t_exp, add)
    # line 4: p = 1.0 / add
    p = 1.0 / add
    t_p = -broadcast_like(t_add / add * p, p)
    # line 5: log = np.log(p)
    log = np.log(p)
    t_log = t_p / p
    # line 6: sub1 = 1 - p
    sub1 = 1 - p
    t_sub1 = -broadcast_like(t_p, sub1)
    # line 7: log1 = np.log(sub1)
    log1 = np.log(sub1)
    t_log1 = t_sub1 / sub1
    unused = check_broadcast(x, exp)
    b_neg1 = scalar_seed(grad_ys)
    b_sum1 = -b_neg1
    # line 13: b_sub = b_sum1 * log1
    b_sub = b_sum1 * log1
    t_b_sub = broadcast_like(b_sum1 * t_log1, b_sub)
    # line 14: b_log1 = (1 - x) * b_sum1
    sub = 1 - x
    t_sub = -broadcast_like(t_x, sub)
    b_log1 = sub * b_sum1
    t_b_log1 = broadcast_like(t_sub * b_sum1, b_log1)
    # line 15: b_sub1 = b_log1 / sub1
    b_sub1 = b_log1 / sub1
    t_b_sub1 = broadcast_like(t_b_log1 / sub1, b_sub1) - broadcast_like(
        t_sub1 / sub1 * b_sub1, b_sub1)
    # line 16: b_x = b_sum1 * log - b_sub
    mul1 = b_sum1 * log
    t_mul1 = broadcast_like(b_sum1 * t_log, mul1)
    b_x = mul1 - b_sub
    t_b_x = broadcast_like(t_mul1, b_x) - broadcast_like(t_b_sub, b_x)
    # line 17: b_log = x * b_sum1
    b_log = x * b_sum1
    t_b_log = broadcast_like(t_x * b_sum1, b_log)
    # line 18: b_p = b_log / p - b_sub1
    div = b_log / p
    t_div = broadcast_like(t_b_log / p, div) - broadcast_like(t_p / p * div,
        div)
    b_p = div - b_sub1
    t_b_p = broadcast_like(t_div, b_p) - broadcast_like(t_b_sub1, b_p)
    # line 20: b_add = b_p / add * p
    div1 = b_p / add
    t_div1 = broadcast_like(t_b_p / add, div1) - broadcast_like(t_add / add *
        div1, div1)
    b_add = div1 * p
    t_b_add = broadcast_like(t_div1 * p, b_add) + broadcast_like(div1 * t_p,
        b_add)
    # line 21: b_mul = b_add * exp
    b_mul = b_add * exp
    t_b_mul = broadcast_like(t_b_add * exp, b_mul) + broadcast_like(b_add *
        t_exp, b_mul)
    # line 22: b_x += b_mul * w
    mul2 = b_mul * w
    t_mul2 = broadcast_like(t_b_mul * w, mul2) + broadcast_like(b_mul * t_w,
        mul2)
    b_x = b_x + mul2
    t_b_x = broadcast_like(t_b_x, b_x) + broadcast_like(t_mul2, b_x)
    # line 23: b_w = x * b_mul
    b_w = x * b_mul
    t_b_w = broadcast_like(t_x * b_mul, b_w) + broadcast_like(x * t_b_mul, b_w)
    # line 24: return finish(b_w, w, True), finish(b_x, x, True)
    finish1 = finish(b_w, w, True)
    t_finish1 = finish(t_b_w, w, True, None)
    finish2 = finish(b_x, x, True)
    t_finish2 = finish(t_b_x, x, True, None)
    return (finish1, finish2), (t_finish1, t_finish2)
