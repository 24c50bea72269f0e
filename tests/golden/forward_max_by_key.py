def jvp_max_by_key(x, s, tangents):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 596: v = np.tanh(x * s)
    mul = x * s
    t_mul = broadcast_like(t_x * s, mul) + broadcast_like(x * t_s, mul)
    v = np.tanh(mul)
    t_v = t_mul * (1.0 - v * v)
    # line 597: items = [v[0] * s, -v[1], s]
    v_i = v[0]
    mul1 = v_i * s
    t_mul1 = broadcast_like(t_v[0] * s, mul1) + broadcast_like(v_i * t_s, mul1)
    items = [mul1, -v[1], s]
    t_items = [t_mul1, -t_v[1], t_s]
    # line 598: return s * max(v, key=abs) + min(items, key=abs) * max(v[2], s * v[3], key=abs)
    max1 = max(v, key=abs)
    t_max1 = extreme_tangent([t_v], max1, (v,))
    mul2 = s * max1
    t_mul2 = broadcast_like(t_s * max1, mul2) + broadcast_like(s * t_max1, mul2
        )
    min1 = min(items, key=abs)
    t_min1 = extreme_tangent([t_items], min1, (items,))
    v_i2 = v[2]
    v_i3 = v[3]
    mul3 = s * v_i3
    t_mul3 = broadcast_like(t_s * v_i3, mul3) + broadcast_like(s * t_v[3], mul3
        )
    max2 = max(v_i2, mul3, key=abs)
    t_max2 = extreme_tangent([t_v[2], t_mul3], max2, (v_i2, mul3))
    mul4 = min1 * max2
    t_mul4 = broadcast_like(t_min1 * max2, mul4) + broadcast_like(min1 *
        t_max2, mul4)
    add = mul2 + mul4
    t_add = broadcast_like(t_mul2, add) + broadcast_like(t_mul4, add)
    return add, t_add
