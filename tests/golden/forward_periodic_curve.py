def jvp_periodic_curve(x, tangents):
    # line 1326: knots = np.array([0.3, 2.9, -1.0, 1.4]) + 0.1 * x
    items = [0.3, 2.9, -1.0, 1.4]
    array = np.array(items)
    mul = 0.1 * x
    t_mul = broadcast_like(0.1 * tangents, mul)
    knots = array + mul
    t_knots = broadcast_like(t_mul, knots)
    # line 1327: return np.sum(np.interp(x * 3.0, knots, np.sin(knots) + x, period=2.5) ** 2)
    mul1 = x * 3.0
    t_mul1 = broadcast_like(tangents * 3.0, mul1)
    sin = np.sin(knots)
    t_sin = t_knots * np.cos(knots)
    add = sin + x
    t_add = broadcast_like(t_sin, add) + broadcast_like(tangents, add)
    interp = np.interp(mul1, knots, add, period=2.5)
    t_interp = interp_tangent_x(filled(t_mul1, mul1), mul1, knots, add, 2.5
        ) + interp_tangent_xp(filled(t_knots, knots), mul1, knots, add, 2.5
        ) + interp_tangent_fp(filled(t_add, add), mul1, knots, add, None,
        None, 2.5)
    t_pow1 = t_interp * 2.0 * interp
    sum1 = np.sum(interp ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    return sum1, t_sum1
