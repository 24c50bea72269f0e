def jvp_function_through_call(x, y, tangents):
    t_x = tangents[0]
    t_y = tangents[1]
    # line 1160: return np.sum(_call(np.sin, x) + _call(lambda u: u * y, x) * _call(scaled, x))
    call = np.sin(x)
    t_call = t_x * np.cos(x)
    call1 = x * y
    t_call1 = broadcast_like(t_x * y, call1) + broadcast_like(x * t_y, call1)
    mul = call1 * call1
    t_mul = 2.0 * broadcast_like(t_call1 * call1, mul)
    add = call + mul
    t_add = broadcast_like(t_call, add) + broadcast_like(t_mul, add)
    sum1 = np.sum(add)
    t_sum1 = np.sum(t_add, axis=None, keepdims=False)
    return sum1, t_sum1
