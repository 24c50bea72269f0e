def jvp_tanh_layer(x, w, tangents):
    t_x = tangents[0]
    t_w = tangents[1]
    # line 100: h = np.tanh(x @ w)
    t_matmul = t_x @ w + x @ t_w
    h = np.tanh(x @ w)
    t_h = t_matmul * (1.0 - h * h)
    # line 101: return np.sum(h * h)
    mul = h * h
    t_mul = 2.0 * broadcast_like(t_h * h, mul)
    sum1 = np.sum(mul)
    t_sum1 = np.sum(t_mul, axis=None, keepdims=False)
    return sum1, t_sum1
