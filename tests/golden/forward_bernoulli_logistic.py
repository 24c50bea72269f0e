def jvp_bernoulli_logistic(w, x, tangents):
    t_w = tangents[0]
    t_x = tangents[1]
    # line 878: p = 1.0 / (1.0 + np.exp(-(x * w)))
    mul = x * w
    t_mul = broadcast_like(t_x * w, mul) + broadcast_like(x * t_w, mul)
    p = logistic(mul, 1.0, 1.0)
    # line 879: return -np.sum(x * np.log(p) + (1 - x) * np.log(1 - p))
    log = log_logistic(p, mul)
    t_log = broadcast_like(t_mul * (1.0 - p), log)
    mul1 = x * log
    t_mul1 = broadcast_like(t_x * log, mul1) + broadcast_like(x * t_log, mul1)
    sub = 1 - x
    t_sub = -broadcast_like(t_x, sub)
    log1 = log1m_logistic(p, mul, 1)
    t_log1 = -broadcast_like(t_mul * p, log1)
    mul2 = sub * log1
    t_mul2 = broadcast_like(t_sub * log1, mul2) + broadcast_like(sub *
        t_log1, mul2)
    add1 = mul1 + mul2
    t_add1 = broadcast_like(t_mul1, add1) + broadcast_like(t_mul2, add1)
    sum1 = np.sum(add1)
    t_sum1 = np.sum(t_add1, axis=None, keepdims=False)
    return -sum1, -t_sum1
