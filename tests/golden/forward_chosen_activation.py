def jvp_chosen_activation(x, tangents):
    t_x = tangents
    sum1 = np.sum(x)
    cmp = sum1 > 0
    if cmp:
        chosen1 = True
    else:
        chosen1 = False
    if chosen1:
        # line 925: return np.sum(act(x * 2.0) ** 2)
        mul = x * 2.0
        t_mul = broadcast_like(t_x * 2.0, mul)
        choice = np.tanh(mul)
        t_choice = t_mul * (1.0 - choice * choice)
    else:
        # line 925: return np.sum(act(x * 2.0) ** 2)
        mul1 = x * 2.0
        t_mul1 = broadcast_like(t_x * 2.0, mul1)
        choice = np.sin(mul1)
        t_choice = t_mul1 * np.cos(mul1)
    # line 925: return np.sum(act(x * 2.0) ** 2)
    t_pow1 = t_choice * 2.0 * choice
    sum2 = np.sum(choice ** 2)
    t_sum2 = np.sum(t_pow1, axis=None, keepdims=False)
    return sum2, t_sum2
