def jvp_keyword_only_nested(x, s, tangents):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 621: def h(z, w=s, *, p=2, scale=s * 2.0):
    h_w_default = s
    t_h_w_default = t_s
    mul = s * 2.0
    t_mul = broadcast_like(t_s * 2.0, mul)
    # line 623: a = h(x[0]) + h(x[1], p=3) + h(x[2], 0.5, p=1, scale=x[3])
    x_i = x[0]
    t_x_i = t_x[0]
    h_p = 2
    pow1 = x_i ** h_p
    t_pow1 = broadcast_like(t_x_i * h_p * x_i ** np.where(h_p, h_p - 1, 1.0
        ), pow1)
    mul1 = s * pow1
    t_mul1 = broadcast_like(t_s * pow1, mul1) + broadcast_like(s * t_pow1, mul1
        )
    sin = math.sin(x_i)
    t_sin = t_x_i * math.cos(x_i)
    mul2 = sin * mul
    t_mul2 = broadcast_like(t_sin * mul, mul2) + broadcast_like(sin * t_mul,
        mul2)
    h1 = mul1 + mul2
    t_h1 = broadcast_like(t_mul1, h1) + broadcast_like(t_mul2, h1)
    x_i1 = x[1]
    t_x_i1 = t_x[1]
    h_p1 = 3
    pow2 = x_i1 ** h_p1
    t_pow2 = broadcast_like(t_x_i1 * h_p1 * x_i1 ** np.where(h_p1, h_p1 - 1,
        1.0), pow2)
    mul3 = s * pow2
    t_mul3 = broadcast_like(t_s * pow2, mul3) + broadcast_like(s * t_pow2, mul3
        )
    sin1 = math.sin(x_i1)
    t_sin1 = t_x_i1 * math.cos(x_i1)
    mul4 = sin1 * mul
    t_mul4 = broadcast_like(t_sin1 * mul, mul4) + broadcast_like(sin1 *
        t_mul, mul4)
    h2 = mul3 + mul4
    t_h2 = broadcast_like(t_mul3, h2) + broadcast_like(t_mul4, h2)
    add = h1 + h2
    t_add = broadcast_like(t_h1, add) + broadcast_like(t_h2, add)
    x_i2 = x[2]
    t_x_i2 = t_x[2]
    x_i3 = x[3]
    h_w2 = 0.5
    h_p2 = 1
    pow3 = x_i2 ** h_p2
    t_pow3 = broadcast_like(t_x_i2 * h_p2 * x_i2 ** np.where(h_p2, h_p2 - 1,
        1.0), pow3)
    mul5 = h_w2 * pow3
    t_mul5 = broadcast_like(h_w2 * t_pow3, mul5)
    sin2 = math.sin(x_i2)
    t_sin2 = t_x_i2 * math.cos(x_i2)
    mul6 = sin2 * x_i3
    t_mul6 = broadcast_like(t_sin2 * x_i3, mul6) + broadcast_like(sin2 *
        t_x[3], mul6)
    h3 = mul5 + mul6
    t_h3 = broadcast_like(t_mul5, h3) + broadcast_like(t_mul6, h3)
    a = add + h3
    t_a = broadcast_like(t_add, a) + broadcast_like(t_h3, a)
    # line 624: s = s * 3.0
    s = s * 3.0
    t_s = broadcast_like(t_s * 3.0, s)
    # line 625: return a * h(s)
    h_p3 = 2
    pow4 = s ** h_p3
    t_pow4 = broadcast_like(t_s * h_p3 * s ** np.where(h_p3, h_p3 - 1, 1.0),
        pow4)
    mul7 = h_w_default * pow4
    t_mul7 = broadcast_like(t_h_w_default * pow4, mul7) + broadcast_like(
        h_w_default * t_pow4, mul7)
    sin3 = math.sin(s)
    t_sin3 = t_s * math.cos(s)
    mul8 = sin3 * mul
    t_mul8 = broadcast_like(t_sin3 * mul, mul8) + broadcast_like(sin3 *
        t_mul, mul8)
    h4 = mul7 + mul8
    t_h4 = broadcast_like(t_mul7, h4) + broadcast_like(t_mul8, h4)
    mul9 = a * h4
    t_mul9 = broadcast_like(t_a * h4, mul9) + broadcast_like(a * t_h4, mul9)
    return mul9, t_mul9
