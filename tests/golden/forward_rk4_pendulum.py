def jvp__pendulum(theta, omega, damping, length, tangents):
    t_theta = tangents[0]
    t_damping = tangents[1]
    t_length = tangents[2]
    # line 654: return omega, -damping * omega - 9.81 / length * math.sin(theta)
    mul = -damping * omega
    t_mul = broadcast_like(-t_damping * omega, mul)
    div = 9.81 / length
    t_div = -broadcast_like(t_length / length * div, div)
    sin = math.sin(theta)
    t_sin = t_theta * math.cos(theta)
    mul1 = div * sin
    t_mul1 = broadcast_like(t_div * sin, mul1) + broadcast_like(div * t_sin,
        mul1)
    sub = mul - mul1
    t_sub = broadcast_like(t_mul, sub) - broadcast_like(t_mul1, sub)
    return (omega, sub), (zeros_tree(omega), t_sub)


def jvp__pendulum1(theta, omega, damping, length, tangents):
    t_theta = tangents[0]
    t_omega = tangents[1]
    t_damping = tangents[2]
    t_length = tangents[3]
    # line 654: return omega, -damping * omega - 9.81 / length * math.sin(theta)
    neg = -damping
    mul = neg * omega
    t_mul = broadcast_like(-t_damping * omega, mul) + broadcast_like(neg *
        t_omega, mul)
    div = 9.81 / length
    t_div = -broadcast_like(t_length / length * div, div)
    sin = math.sin(theta)
    t_sin = t_theta * math.cos(theta)
    mul1 = div * sin
    t_mul1 = broadcast_like(t_div * sin, mul1) + broadcast_like(div * t_sin,
        mul1)
    sub = mul - mul1
    t_sub = broadcast_like(t_mul, sub) - broadcast_like(t_mul1, sub)
    return (omega, sub), (t_omega, t_sub)


def jvp_rk4_pendulum(theta0, damping, length, t_end, tangents):
    t_theta0 = tangents[0]
    t_damping = tangents[1]
    t_length = tangents[2]
    t_t_end = tangents[3]
    # line 661: theta, omega, t = theta0, 0.0, 0.0
    theta = theta0
    t_theta = t_theta0
    omega = 0.0
    t = 0.0
    _cond = t < t_end
    t_omega = zeros_tree(omega)
    t_t = zeros_tree(t)
    while _cond:
        # line 663: h = min(0.1, t_end - t)
        sub = t_end - t
        t_sub = broadcast_like(t_t_end, sub) - broadcast_like(t_t, sub)
        h = min(0.1, sub)
        t_h = extreme_tangent([None, t_sub], h, (0.1, sub))
        # line 664: k1t, k1w = _pendulum(theta, omega, damping, length)
        pendulum, t_pendulum = jvp__pendulum1(theta, omega, damping, length,
            tangents=(t_theta, t_omega, t_damping, t_length))
        unpacked1 = unpacked(pendulum, 2)
        k1t = pendulum[0]
        t_k1t = item_grad(t_pendulum, 0, k1t)
        k1w = pendulum[1]
        t_k1w = item_grad(t_pendulum, 1, k1w)
        # line 665: k2t, k2w = _pendulum(theta + 0.5 * h * k1t, omega + 0.5 * h * k1w, damping, length)
        mul = 0.5 * h
        t_mul = broadcast_like(0.5 * t_h, mul)
        mul1 = mul * k1t
        t_mul1 = broadcast_like(t_mul * k1t, mul1) + broadcast_like(mul *
            t_k1t, mul1)
        add = theta + mul1
        t_add = broadcast_like(t_theta, add) + broadcast_like(t_mul1, add)
        mul3 = mul * k1w
        t_mul3 = broadcast_like(t_mul * k1w, mul3) + broadcast_like(mul *
            t_k1w, mul3)
        add1 = omega + mul3
        t_add1 = broadcast_like(t_omega, add1) + broadcast_like(t_mul3, add1)
        pendulum1, t_pendulum1 = jvp__pendulum1(add, add1, damping, length,
            tangents=(t_add, t_add1, t_damping, t_length))
        unpacked2 = unpacked(pendulum1, 2)
        k2t = pendulum1[0]
        t_k2t = item_grad(t_pendulum1, 0, k2t)
        k2w = pendulum1[1]
        t_k2w = item_grad(t_pendulum1, 1, k2w)
        # line 666: k3t, k3w = _pendulum(theta + 0.5 * h * k2t, omega + 0.5 * h * k2w, damping, length)
        mul4 = 0.5 * h
        t_mul4 = broadcast_like(0.5 * t_h, mul4)
        mul5 = mul4 * k2t
        t_mul5 = broadcast_like(t_mul4 * k2t, mul5) + broadcast_like(mul4 *
            t_k2t, mul5)
        add2 = theta + mul5
        t_add2 = broadcast_like(t_theta, add2) + broadcast_like(t_mul5, add2)
        mul7 = mul4 * k2w
        t_mul7 = broadcast_like(t_mul4 * k2w, mul7) + broadcast_like(mul4 *
            t_k2w, mul7)
        add3 = omega + mul7
        t_add3 = broadcast_like(t_omega, add3) + broadcast_like(t_mul7, add3)
        pendulum2, t_pendulum2 = jvp__pendulum1(add2, add3, damping, length,
            tangents=(t_add2, t_add3, t_damping, t_length))
        unpacked3 = unpacked(pendulum2, 2)
        k3t = pendulum2[0]
        t_k3t = item_grad(t_pendulum2, 0, k3t)
        k3w = pendulum2[1]
        t_k3w = item_grad(t_pendulum2, 1, k3w)
        # line 667: k4t, k4w = _pendulum(theta + h * k3t, omega + h * k3w, damping, length)
        mul8 = h * k3t
        t_mul8 = broadcast_like(t_h * k3t, mul8) + broadcast_like(h * t_k3t,
            mul8)
        add4 = theta + mul8
        t_add4 = broadcast_like(t_theta, add4) + broadcast_like(t_mul8, add4)
        mul9 = h * k3w
        t_mul9 = broadcast_like(t_h * k3w, mul9) + broadcast_like(h * t_k3w,
            mul9)
        add5 = omega + mul9
        t_add5 = broadcast_like(t_omega, add5) + broadcast_like(t_mul9, add5)
        pendulum3, t_pendulum3 = jvp__pendulum1(add4, add5, damping, length,
            tangents=(t_add4, t_add5, t_damping, t_length))
        unpacked4 = unpacked(pendulum3, 2)
        k4t = pendulum3[0]
        t_k4t = item_grad(t_pendulum3, 0, k4t)
        k4w = pendulum3[1]
        t_k4w = item_grad(t_pendulum3, 1, k4w)
        # line 668: theta = theta + h / 6.0 * (k1t + 2.0 * k2t + 2.0 * k3t + k4t)
        div = h / 6.0
        t_div = broadcast_like(t_h / 6.0, div)
        mul10 = 2.0 * k2t
        t_mul10 = broadcast_like(2.0 * t_k2t, mul10)
        add6 = k1t + mul10
        t_add6 = broadcast_like(t_k1t, add6) + broadcast_like(t_mul10, add6)
        mul11 = 2.0 * k3t
        t_mul11 = broadcast_like(2.0 * t_k3t, mul11)
        add7 = add6 + mul11
        t_add7 = broadcast_like(t_add6, add7) + broadcast_like(t_mul11, add7)
        add8 = add7 + k4t
        t_add8 = broadcast_like(t_add7, add8) + broadcast_like(t_k4t, add8)
        mul12 = div * add8
        t_mul12 = broadcast_like(t_div * add8, mul12) + broadcast_like(div *
            t_add8, mul12)
        theta = theta + mul12
        t_theta = broadcast_like(t_theta, theta) + broadcast_like(t_mul12,
            theta)
        # line 669: omega = omega + h / 6.0 * (k1w + 2.0 * k2w + 2.0 * k3w + k4w)
        mul13 = 2.0 * k2w
        t_mul13 = broadcast_like(2.0 * t_k2w, mul13)
        add9 = k1w + mul13
        t_add9 = broadcast_like(t_k1w, add9) + broadcast_like(t_mul13, add9)
        mul14 = 2.0 * k3w
        t_mul14 = broadcast_like(2.0 * t_k3w, mul14)
        add10 = add9 + mul14
        t_add10 = broadcast_like(t_add9, add10) + broadcast_like(t_mul14, add10
            )
        add11 = add10 + k4w
        t_add11 = broadcast_like(t_add10, add11) + broadcast_like(t_k4w, add11)
        mul15 = div * add11
        t_mul15 = broadcast_like(t_div * add11, mul15) + broadcast_like(div *
            t_add11, mul15)
        omega = omega + mul15
        t_omega = broadcast_like(t_omega, omega) + broadcast_like(t_mul15,
            omega)
        # line 670: t = t + h
        t = t + h
        t_t = broadcast_like(t_t, t) + broadcast_like(t_h, t)
        _cond = t < t_end
    # line 671: return 0.5 * pow(length * omega, 2) + 9.81 * length * (1.0 - math.cos(theta))
    mul16 = length * omega
    t_mul16 = broadcast_like(t_length * omega, mul16) + broadcast_like(
        length * t_omega, mul16)
    pow1 = pow(mul16, 2)
    mul17 = 0.5 * pow1
    t_mul17 = broadcast_like(0.5 * (t_mul16 * 2.0 * mul16), mul17)
    mul18 = 9.81 * length
    t_mul18 = broadcast_like(9.81 * t_length, mul18)
    cos = math.cos(theta)
    t_cos = -t_theta * math.sin(theta)
    sub1 = 1.0 - cos
    t_sub1 = -broadcast_like(t_cos, sub1)
    mul19 = mul18 * sub1
    t_mul19 = broadcast_like(t_mul18 * sub1, mul19) + broadcast_like(mul18 *
        t_sub1, mul19)
    add12 = mul17 + mul19
    t_add12 = broadcast_like(t_mul17, add12) + broadcast_like(t_mul19, add12)
    return add12, t_add12
