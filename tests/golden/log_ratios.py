def grad_log_ratios(r, mu, grad_ys=None):
    add = r + mu
    log = log_ratio(r, add)
    log1 = log_ratio(mu, add)
    check_broadcast(log, mu, log1)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 738: return np.sum(r * np.log(r / (r + mu)) + mu * np.log(mu / (r + mu)))
    b_mu = mul_into(log1, b_sum1)
    del log1
    b_log1 = mu * b_sum1
    b_mu += b_log1 / mu
    b_add = -b_log1 / add
    del b_log1
    b_r = unbroadcast(b_sum1 * log, r)
    del log
    b_log = r * b_sum1
    b_r = b_r + b_log / r * size_of(mu)
    b_add -= b_log / add
    del add, b_log
    b_r = b_r + unbroadcast(b_add, r)
    b_mu += b_add
    return finish(b_r, r), finish(b_mu, mu)
