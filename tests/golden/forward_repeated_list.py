def jvp_repeated_list(x, tangents):
    # line 773: xs = [x, np.tanh(x)] * 2
    tanh = np.tanh(x)
    t_tanh = tangents * (1.0 - tanh * tanh)
    items = [x, tanh]
    t_items = [tangents, t_tanh]
    xs = repeat_sequence(items, 2)
    t_xs = sequence_tangent(t_items, items) * 2
    # line 774: return np.sum(np.stack(xs) * np.arange(4.0)[:, None])
    stack = np.stack(xs)
    t_stack = np.stack(fill_zeros(t_xs, xs), axis=0)
    arange = np.arange(4.0)
    item_i = arange[:, None]
    mul = stack * item_i
    t_mul = broadcast_like(t_stack * item_i, mul)
    sum1 = np.sum(mul)
    t_sum1 = np.sum(t_mul, axis=None, keepdims=False)
    return sum1, t_sum1
