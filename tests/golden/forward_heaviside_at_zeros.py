def jvp_heaviside_at_zeros(x, tangents):
    # line 857: r = np.maximum(x, 0.0)
    r = np.maximum(x, 0.0)
    t_r = broadcast_like(tangents * ((x > 0.0) + 0.5 * (x == 0.0)), r)
    # line 858: return np.sum(np.heaviside(r, x ** 2) * np.exp(x))
    t_pow1 = tangents * 2.0 * x
    heaviside = np.heaviside(r, x ** 2)
    t_heaviside = broadcast_like(t_pow1 * (r == 0), heaviside)
    exp = np.exp(x)
    t_exp = tangents * exp
    mul = heaviside * exp
    t_mul = broadcast_like(t_heaviside * exp, mul) + broadcast_like(
        heaviside * t_exp, mul)
    sum1 = np.sum(mul)
    t_sum1 = np.sum(t_mul, axis=None, keepdims=False)
    return sum1, t_sum1
