def jvp_read_only_global(x, tangents):
    # line 986: return np.sum(GLOBAL_SCALE * np.tanh(x) ** 2)
    tanh = np.tanh(x)
    t_tanh = tangents * (1.0 - tanh * tanh)
    t_pow1 = t_tanh * 2.0 * tanh
    mul = GLOBAL_SCALE * tanh ** 2
    t_mul = broadcast_like(GLOBAL_SCALE * t_pow1, mul)
    sum1 = np.sum(mul)
    t_sum1 = np.sum(t_mul, axis=None, keepdims=False)
    return sum1, t_sum1
