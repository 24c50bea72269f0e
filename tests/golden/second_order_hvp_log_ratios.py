def jvp_grad_log_ratios(r, mu, grad_ys=None, tangents=None):
    t_r = tangents[0]
    t_mu = tangents[1]
    # line 2: add = r + mu
    add = r + mu
    t_add = broadcast_like(t_r, add) + broadcast_like(t_mu, add)
    # line 3: div = r / add
    div = r / add
    t_div = broadcast_like(t_r / add, div) - broadcast_like(t_add / add *
        div, div)
    # line 4: log = np.log(div)
    log = np.log(div)
    t_log = t_div / div
    # line 5: div1 = mu / add
    div1 = mu / add
    t_div1 = broadcast_like(t_mu / add, div1) - broadcast_like(t_add / add *
        div1, div1)
    # line 6: log1 = np.log(div1)
    log1 = np.log(div1)
    t_log1 = t_div1 / div1
    unused = check_broadcast(mu, div1)
    b_sum1 = scalar_seed(grad_ys)
    # line 11: b_mu = b_sum1 * log1
    b_mu = b_sum1 * log1
    t_b_mu = broadcast_like(b_sum1 * t_log1, b_mu)
    # line 12: b_log1 = mu * b_sum1
    b_log1 = mu * b_sum1
    t_b_log1 = broadcast_like(t_mu * b_sum1, b_log1)
    # line 13: b_div1 = b_log1 / div1
    b_div1 = b_log1 / div1
    t_b_div1 = broadcast_like(t_b_log1 / div1, b_div1) - broadcast_like(
        t_div1 / div1 * b_div1, b_div1)
    # line 14: b_mu += b_div1 / add
    div2 = b_div1 / add
    t_div2 = broadcast_like(t_b_div1 / add, div2) - broadcast_like(t_add /
        add * div2, div2)
    b_mu = b_mu + div2
    t_b_mu = broadcast_like(t_b_mu, b_mu) + broadcast_like(t_div2, b_mu)
    # line 15: b_add = -b_div1 / add * div1
    t_neg = -t_b_div1
    div3 = -b_div1 / add
    t_div3 = broadcast_like(t_neg / add, div3) - broadcast_like(t_add / add *
        div3, div3)
    b_add = div3 * div1
    t_b_add = broadcast_like(t_div3 * div1, b_add) + broadcast_like(div3 *
        t_div1, b_add)
    # line 16: b_r = unbroadcast(b_sum1 * log, r)
    mul = b_sum1 * log
    t_mul = broadcast_like(b_sum1 * t_log, mul)
    b_r = unbroadcast(mul, r)
    t_b_r = unbroadcast(t_mul, r)
    # line 17: b_log = r * b_sum1
    b_log = r * b_sum1
    t_b_log = broadcast_like(t_r * b_sum1, b_log)
    # line 18: b_div = b_log / div
    b_div = b_log / div
    t_b_div = broadcast_like(t_b_log / div, b_div) - broadcast_like(t_div /
        div * b_div, b_div)
    # line 19: b_r = b_r + unbroadcast(b_div / add, r)
    div4 = b_div / add
    t_div4 = broadcast_like(t_b_div / add, div4) - broadcast_like(t_add /
        add * div4, div4)
    unbroadcast1 = unbroadcast(div4, r)
    t_unbroadcast1 = unbroadcast(t_div4, r)
    b_r = b_r + unbroadcast1
    t_b_r = broadcast_like(t_b_r, b_r) + broadcast_like(t_unbroadcast1, b_r)
    # line 20: b_add -= b_div / add * div
    div5 = b_div / add
    t_div5 = broadcast_like(t_b_div / add, div5) - broadcast_like(t_add /
        add * div5, div5)
    mul1 = div5 * div
    t_mul1 = broadcast_like(t_div5 * div, mul1) + broadcast_like(div5 *
        t_div, mul1)
    b_add = b_add - mul1
    t_b_add = broadcast_like(t_b_add, b_add) - broadcast_like(t_mul1, b_add)
    # line 21: b_r = b_r + unbroadcast(b_add, r)
    unbroadcast2 = unbroadcast(b_add, r)
    t_unbroadcast2 = unbroadcast(t_b_add, r)
    b_r = b_r + unbroadcast2
    t_b_r = broadcast_like(t_b_r, b_r) + broadcast_like(t_unbroadcast2, b_r)
    # line 22: b_mu += b_add
    b_mu = b_mu + b_add
    t_b_mu = broadcast_like(t_b_mu, b_mu) + broadcast_like(t_b_add, b_mu)
    # line 23: return finish(b_r, r, True), finish(b_mu, mu, True)
    finish1 = finish(b_r, r, True)
    t_finish1 = finish(t_b_r, r, True, None)
    finish2 = finish(b_mu, mu, True)
    t_finish2 = finish(t_b_mu, mu, True, None)
    return (finish1, finish2), (t_finish1, t_finish2)
