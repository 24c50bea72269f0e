def grad_bernoulli_logistic(w, x, grad_ys=None):
    mul = x * w
    p = logistic(mul, 1.0, 1.0)
    log = log_logistic(p, mul)
    log1 = log1m_logistic(p, mul, 1)
    check_broadcast(x, log, log1)
    # seed: the gradient of the sum of the outputs
    b_neg1 = scalar_seed(grad_ys)
    # adjoint of line 879: return -np.sum(x * np.log(p) + (1 - x) * np.log(1 - p))
    b_sum1 = -b_neg1
    b_sub = mul_into(log1, b_sum1)
    del log1
    b_log1 = (1 - x) * -b_sum1
    b_mul = mul_into(b_log1, p)
    del b_log1
    b_x = b_sum1 * log - b_sub
    del b_sub, log
    b_log = x * b_sum1
    b_mul += b_log * (1.0 - p)
    del b_log, p
    # adjoint of line 878: p = 1.0 / (1.0 + np.exp(-(x * w)))
    b_x += b_mul * w
    b_w = mul_into(b_mul, x)
    return finish(b_w, w), finish(b_x, x)
