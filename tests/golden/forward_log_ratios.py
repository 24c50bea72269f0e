def jvp_log_ratios(r, mu, tangents):
    t_r = tangents[0]
    t_mu = tangents[1]
    # line 738: return np.sum(r * np.log(r / (r + mu)) + mu * np.log(mu / (r + mu)))
    add = r + mu
    t_add = broadcast_like(t_r, add) + broadcast_like(t_mu, add)
    log = log_ratio(r, add)
    t_log = broadcast_like(t_r / r, log) - broadcast_like(t_add / add, log)
    mul = r * log
    t_mul = broadcast_like(t_r * log, mul) + broadcast_like(r * t_log, mul)
    log1 = log_ratio(mu, add)
    t_log1 = broadcast_like(t_mu / mu, log1) - broadcast_like(t_add / add, log1
        )
    mul1 = mu * log1
    t_mul1 = broadcast_like(t_mu * log1, mul1) + broadcast_like(mu * t_log1,
        mul1)
    add2 = mul + mul1
    t_add2 = broadcast_like(t_mul, add2) + broadcast_like(t_mul1, add2)
    sum1 = np.sum(add2)
    t_sum1 = np.sum(t_add2, axis=None, keepdims=False)
    return sum1, t_sum1
