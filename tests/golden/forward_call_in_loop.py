def jvp__helper_scale(v, k=2.0, tangents=None):
    t_v = tangents[0]
    # line 524: return v * k + np.sin(v)
    mul = v * k
    t_mul = broadcast_like(t_v * k, mul)
    sin = np.sin(v)
    t_sin = t_v * np.cos(v)
    add = mul + sin
    t_add = broadcast_like(t_mul, add) + broadcast_like(t_sin, add)
    return add, t_add


def jvp_call_in_loop(a, tangents):
    # line 546: x = a
    x = a
    t_x = tangents
    for i in range(4):
        # line 548: x = _helper_scale(x, k=0.9)
        x, t_x = jvp__helper_scale(x, k=0.9, tangents=(t_x,))
    return x, t_x
