def jvp_clip_then_new_axis(x, s, tangents):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 209: inside = np.clip(s * x[1], -0.4, 0.9)
    x_i = x[1]
    mul = s * x_i
    t_mul = broadcast_like(t_s * x_i, mul) + broadcast_like(s * t_x[1], mul)
    inside = np.clip(mul, -0.4, 0.9)
    t_inside = broadcast_like(t_mul * ((mul >= -0.4) & (mul <= 0.9)), inside)
    # line 210: return np.sum(inside[None] * x[:1]) + inside[...] * x[2]
    inside_i = inside[None]
    t_inside_i = np.asarray(t_inside)[None]
    x_i1 = x[:1]
    t_x_i1 = t_x[:1]
    mul1 = inside_i * x_i1
    t_mul1 = broadcast_like(t_inside_i * x_i1, mul1) + broadcast_like(
        inside_i * t_x_i1, mul1)
    sum1 = np.sum(mul1)
    t_sum1 = np.sum(t_mul1, axis=None, keepdims=False)
    inside_i1 = inside[...]
    t_inside_i1 = np.asarray(t_inside)[...]
    x_i2 = x[2]
    mul2 = inside_i1 * x_i2
    t_mul2 = broadcast_like(t_inside_i1 * x_i2, mul2) + broadcast_like(
        inside_i1 * t_x[2], mul2)
    add = sum1 + mul2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_mul2, add)
    return add, t_add
