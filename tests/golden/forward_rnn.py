def jvp_rnn(h, w, xs, tangents):
    t_h = tangents[0]
    t_w = tangents[1]
    n = len(xs)
    for t in range(n):
        # line 239: h = np.tanh(h @ w + xs[t])
        t_matmul = t_h @ w + h @ t_w
        add = h @ w + xs[t]
        t_add = broadcast_like(t_matmul, add)
        h = np.tanh(add)
        t_h = t_add * (1.0 - h * h)
    # line 240: return np.sum(h)
    sum1 = np.sum(h)
    t_sum1 = np.sum(t_h, axis=None, keepdims=False)
    return sum1, t_sum1
