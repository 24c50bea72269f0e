def jvp_grad_keyword_only_nested(x, s, grad_ys=None, tangents=None):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 2: h_w_default = s
    h_w_default = s
    t_h_w_default = t_s
    # line 3: mul = s * 2.0
    mul = s * 2.0
    t_mul = broadcast_like(t_s * 2.0, mul)
    # line 4: x_i = x[0]
    x_i = x[0]
    t_x_i = t_x[0]
    h_p = 2
    # line 6: pow1 = x_i ** h_p
    pow1 = x_i ** h_p
    t_pow1 = broadcast_like(t_x_i * h_p * x_i ** np.where(h_p, h_p - 1, 1.0
        ), pow1)
    # line 7: sin = math.sin(x_i)
    sin = math.sin(x_i)
    t_sin = t_x_i * math.cos(x_i)
    # line 8: x_i1 = x[1]
    x_i1 = x[1]
    t_x_i1 = t_x[1]
    h_p1 = 3
    # line 10: pow2 = x_i1 ** h_p1
    pow2 = x_i1 ** h_p1
    t_pow2 = broadcast_like(t_x_i1 * h_p1 * x_i1 ** np.where(h_p1, h_p1 - 1,
        1.0), pow2)
    # line 11: sin1 = math.sin(x_i1)
    sin1 = math.sin(x_i1)
    t_sin1 = t_x_i1 * math.cos(x_i1)
    # line 12: add = s * pow1 + sin * mul + (s * pow2 + sin1 * mul)
    mul1 = s * pow1
    t_mul1 = broadcast_like(t_s * pow1, mul1) + broadcast_like(s * t_pow1, mul1
        )
    mul2 = sin * mul
    t_mul2 = broadcast_like(t_sin * mul, mul2) + broadcast_like(sin * t_mul,
        mul2)
    add1 = mul1 + mul2
    t_add1 = broadcast_like(t_mul1, add1) + broadcast_like(t_mul2, add1)
    mul3 = s * pow2
    t_mul3 = broadcast_like(t_s * pow2, mul3) + broadcast_like(s * t_pow2, mul3
        )
    mul4 = sin1 * mul
    t_mul4 = broadcast_like(t_sin1 * mul, mul4) + broadcast_like(sin1 *
        t_mul, mul4)
    add2 = mul3 + mul4
    t_add2 = broadcast_like(t_mul3, add2) + broadcast_like(t_mul4, add2)
    add = add1 + add2
    t_add = broadcast_like(t_add1, add) + broadcast_like(t_add2, add)
    # line 13: x_i2 = x[2]
    x_i2 = x[2]
    t_x_i2 = t_x[2]
    # line 14: x_i3 = x[3]
    x_i3 = x[3]
    t_x_i3 = t_x[3]
    h_w2 = 0.5
    h_p2 = 1
    # line 17: sin2 = math.sin(x_i2)
    sin2 = math.sin(x_i2)
    t_sin2 = t_x_i2 * math.cos(x_i2)
    # line 18: h3 = h_w2 * x_i2 ** h_p2 + sin2 * x_i3
    pow3 = x_i2 ** h_p2
    t_pow3 = broadcast_like(t_x_i2 * h_p2 * x_i2 ** np.where(h_p2, h_p2 - 1,
        1.0), pow3)
    mul5 = h_w2 * pow3
    t_mul5 = broadcast_like(h_w2 * t_pow3, mul5)
    mul6 = sin2 * x_i3
    t_mul6 = broadcast_like(t_sin2 * x_i3, mul6) + broadcast_like(sin2 *
        t_x_i3, mul6)
    h3 = mul5 + mul6
    t_h3 = broadcast_like(t_mul5, h3) + broadcast_like(t_mul6, h3)
    # line 19: a = add + h3
    a = add + h3
    t_a = broadcast_like(t_add, a) + broadcast_like(t_h3, a)
    _s = s
    # line 21: s = s * 3.0
    s = s * 3.0
    t_s = broadcast_like(t_s * 3.0, s)
    h_p3 = 2
    # line 23: pow4 = s ** h_p3
    pow4 = s ** h_p3
    t_pow4 = broadcast_like(t_s * h_p3 * s ** np.where(h_p3, h_p3 - 1, 1.0),
        pow4)
    # line 24: sin3 = math.sin(s)
    sin3 = math.sin(s)
    t_sin3 = t_s * math.cos(s)
    b_mul9 = scalar_seed(grad_ys)
    # line 28: b_a = b_mul9 * (h_w_default * pow4 + sin3 * mul)
    mul7 = h_w_default * pow4
    t_mul7 = broadcast_like(t_h_w_default * pow4, mul7) + broadcast_like(
        h_w_default * t_pow4, mul7)
    mul8 = sin3 * mul
    t_mul8 = broadcast_like(t_sin3 * mul, mul8) + broadcast_like(sin3 *
        t_mul, mul8)
    add3 = mul7 + mul8
    t_add3 = broadcast_like(t_mul7, add3) + broadcast_like(t_mul8, add3)
    b_a = b_mul9 * add3
    t_b_a = broadcast_like(b_mul9 * t_add3, b_a)
    # line 29: b_h4 = a * b_mul9
    b_h4 = a * b_mul9
    t_b_h4 = broadcast_like(t_a * b_mul9, b_h4)
    # line 30: b_h_scale_default = sin3 * b_h4
    b_h_scale_default = sin3 * b_h4
    t_b_h_scale_default = broadcast_like(t_sin3 * b_h4, b_h_scale_default
        ) + broadcast_like(sin3 * t_b_h4, b_h_scale_default)
    # line 31: b_s = b_h4 * mul * math.cos(s)
    mul9 = b_h4 * mul
    t_mul9 = broadcast_like(t_b_h4 * mul, mul9) + broadcast_like(b_h4 *
        t_mul, mul9)
    cos = math.cos(s)
    t_cos = -t_s * math.sin(s)
    b_s = mul9 * cos
    t_b_s = broadcast_like(t_mul9 * cos, b_s) + broadcast_like(mul9 * t_cos,
        b_s)
    # line 32: b_h_w_default = b_h4 * pow4
    b_h_w_default = b_h4 * pow4
    t_b_h_w_default = broadcast_like(t_b_h4 * pow4, b_h_w_default
        ) + broadcast_like(b_h4 * t_pow4, b_h_w_default)
    # line 33: b_s = b_s + h_w_default * b_h4 * h_p3 * s ** np.where(h_p3, h_p3 - 1, 1.0)
    mul10 = h_w_default * b_h4
    t_mul10 = broadcast_like(t_h_w_default * b_h4, mul10) + broadcast_like(
        h_w_default * t_b_h4, mul10)
    mul11 = mul10 * h_p3
    t_mul11 = broadcast_like(t_mul10 * h_p3, mul11)
    where = np.where(h_p3, h_p3 - 1, 1.0)
    pow5 = s ** where
    t_pow5 = broadcast_like(t_s * where * s ** np.where(where, where - 1, 
        1.0), pow5)
    mul12 = mul11 * pow5
    t_mul12 = broadcast_like(t_mul11 * pow5, mul12) + broadcast_like(mul11 *
        t_pow5, mul12)
    b_s = b_s + mul12
    t_b_s = broadcast_like(t_b_s, b_s) + broadcast_like(t_mul12, b_s)
    # line 35: b_s = b_s * 3.0
    b_s = b_s * 3.0
    t_b_s = broadcast_like(t_b_s * 3.0, b_s)
    # line 37: b_x_i2 = b_a * x_i3 * math.cos(x_i2)
    mul13 = b_a * x_i3
    t_mul13 = broadcast_like(t_b_a * x_i3, mul13) + broadcast_like(b_a *
        t_x_i3, mul13)
    cos1 = math.cos(x_i2)
    t_cos1 = -t_x_i2 * math.sin(x_i2)
    b_x_i2 = mul13 * cos1
    t_b_x_i2 = broadcast_like(t_mul13 * cos1, b_x_i2) + broadcast_like(
        mul13 * t_cos1, b_x_i2)
    # line 38: b_x_i2 = b_x_i2 + h_w2 * b_a * h_p2 * x_i2 ** np.where(h_p2, h_p2 - 1, 1.0)
    mul14 = h_w2 * b_a
    t_mul14 = broadcast_like(h_w2 * t_b_a, mul14)
    mul15 = mul14 * h_p2
    t_mul15 = broadcast_like(t_mul14 * h_p2, mul15)
    where1 = np.where(h_p2, h_p2 - 1, 1.0)
    pow6 = x_i2 ** where1
    t_pow6 = broadcast_like(t_x_i2 * where1 * x_i2 ** np.where(where1, 
        where1 - 1, 1.0), pow6)
    mul16 = mul15 * pow6
    t_mul16 = broadcast_like(t_mul15 * pow6, mul16) + broadcast_like(mul15 *
        t_pow6, mul16)
    b_x_i2 = b_x_i2 + mul16
    t_b_x_i2 = broadcast_like(t_b_x_i2, b_x_i2) + broadcast_like(t_mul16,
        b_x_i2)
    # line 39: b_x = index_add(None, x, 3, sin2 * b_a)
    mul17 = sin2 * b_a
    t_mul17 = broadcast_like(t_sin2 * b_a, mul17) + broadcast_like(sin2 *
        t_b_a, mul17)
    b_x = index_add(None, x, 3, mul17)
    t_b_x = index_add(None, x, 3, t_mul17)
    # line 40: b_x = index_add(b_x, x, 2, b_x_i2)
    b_x = index_add(b_x, x, 2, b_x_i2)
    t_b_x = t_b_x + index_add(None, x, 2, t_b_x_i2)
    # line 41: b_sin1 = b_a * mul
    b_sin1 = b_a * mul
    t_b_sin1 = broadcast_like(t_b_a * mul, b_sin1) + broadcast_like(b_a *
        t_mul, b_sin1)
    # line 42: b_x_i1 = b_sin1 * math.cos(x_i1)
    cos2 = math.cos(x_i1)
    t_cos2 = -t_x_i1 * math.sin(x_i1)
    b_x_i1 = b_sin1 * cos2
    t_b_x_i1 = broadcast_like(t_b_sin1 * cos2, b_x_i1) + broadcast_like(
        b_sin1 * t_cos2, b_x_i1)
    # line 43: b_pow2 = h_w_default * b_a
    b_pow2 = h_w_default * b_a
    t_b_pow2 = broadcast_like(t_h_w_default * b_a, b_pow2) + broadcast_like(
        h_w_default * t_b_a, b_pow2)
    # line 44: b_x_i1 = b_x_i1 + b_pow2 * h_p1 * x_i1 ** np.where(h_p1, h_p1 - 1, 1.0)
    mul18 = b_pow2 * h_p1
    t_mul18 = broadcast_like(t_b_pow2 * h_p1, mul18)
    where2 = np.where(h_p1, h_p1 - 1, 1.0)
    pow7 = x_i1 ** where2
    t_pow7 = broadcast_like(t_x_i1 * where2 * x_i1 ** np.where(where2, 
        where2 - 1, 1.0), pow7)
    mul19 = mul18 * pow7
    t_mul19 = broadcast_like(t_mul18 * pow7, mul19) + broadcast_like(mul18 *
        t_pow7, mul19)
    b_x_i1 = b_x_i1 + mul19
    t_b_x_i1 = broadcast_like(t_b_x_i1, b_x_i1) + broadcast_like(t_mul19,
        b_x_i1)
    # line 45: b_x = index_add(b_x, x, 1, b_x_i1)
    b_x = index_add(b_x, x, 1, b_x_i1)
    t_b_x = t_b_x + index_add(None, x, 1, t_b_x_i1)
    # line 46: b_h_scale_default = b_h_scale_default + sin1 * b_a + sin * b_a
    mul20 = sin1 * b_a
    t_mul20 = broadcast_like(t_sin1 * b_a, mul20) + broadcast_like(sin1 *
        t_b_a, mul20)
    add4 = b_h_scale_default + mul20
    t_add4 = broadcast_like(t_b_h_scale_default, add4) + broadcast_like(t_mul20
        , add4)
    mul21 = sin * b_a
    t_mul21 = broadcast_like(t_sin * b_a, mul21) + broadcast_like(sin *
        t_b_a, mul21)
    b_h_scale_default = add4 + mul21
    t_b_h_scale_default = broadcast_like(t_add4, b_h_scale_default
        ) + broadcast_like(t_mul21, b_h_scale_default)
    # line 47: b_x_i = b_sin1 * math.cos(x_i)
    cos3 = math.cos(x_i)
    t_cos3 = -t_x_i * math.sin(x_i)
    b_x_i = b_sin1 * cos3
    t_b_x_i = broadcast_like(t_b_sin1 * cos3, b_x_i) + broadcast_like(
        b_sin1 * t_cos3, b_x_i)
    # line 48: b_h_w_default = b_h_w_default + b_a * pow2 + b_a * pow1
    mul22 = b_a * pow2
    t_mul22 = broadcast_like(t_b_a * pow2, mul22) + broadcast_like(b_a *
        t_pow2, mul22)
    add5 = b_h_w_default + mul22
    t_add5 = broadcast_like(t_b_h_w_default, add5) + broadcast_like(t_mul22,
        add5)
    mul23 = b_a * pow1
    t_mul23 = broadcast_like(t_b_a * pow1, mul23) + broadcast_like(b_a *
        t_pow1, mul23)
    b_h_w_default = add5 + mul23
    t_b_h_w_default = broadcast_like(t_add5, b_h_w_default) + broadcast_like(
        t_mul23, b_h_w_default)
    # line 49: b_x_i = b_x_i + b_pow2 * h_p * x_i ** np.where(h_p, h_p - 1, 1.0)
    mul24 = b_pow2 * h_p
    t_mul24 = broadcast_like(t_b_pow2 * h_p, mul24)
    where3 = np.where(h_p, h_p - 1, 1.0)
    pow8 = x_i ** where3
    t_pow8 = broadcast_like(t_x_i * where3 * x_i ** np.where(where3, where3 -
        1, 1.0), pow8)
    mul25 = mul24 * pow8
    t_mul25 = broadcast_like(t_mul24 * pow8, mul25) + broadcast_like(mul24 *
        t_pow8, mul25)
    b_x_i = b_x_i + mul25
    t_b_x_i = broadcast_like(t_b_x_i, b_x_i) + broadcast_like(t_mul25, b_x_i)
    # line 50: b_x = index_add(b_x, x, 0, b_x_i)
    b_x = index_add(b_x, x, 0, b_x_i)
    t_b_x = t_b_x + index_add(None, x, 0, t_b_x_i)
    # line 52: b_s = b_s + b_h_scale_default * 2.0 + b_h_w_default
    mul26 = b_h_scale_default * 2.0
    t_mul26 = broadcast_like(t_b_h_scale_default * 2.0, mul26)
    add6 = b_s + mul26
    t_add6 = broadcast_like(t_b_s, add6) + broadcast_like(t_mul26, add6)
    b_s = add6 + b_h_w_default
    t_b_s = broadcast_like(t_add6, b_s) + broadcast_like(t_b_h_w_default, b_s)
    # line 53: return finish(b_x, x, True), finish(b_s, _s, True)
    finish1 = finish(b_x, x, True)
    t_finish1 = finish(t_b_x, x, True, None)
    finish2 = finish(b_s, _s, True)
    t_finish2 = finish(t_b_s, _s, True, None)
    return (finish1, finish2), (t_finish1, t_finish2)
