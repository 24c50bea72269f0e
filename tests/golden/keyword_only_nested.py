def grad_keyword_only_nested(x, s, grad_ys=None):
    h_w_default = s
    mul = s * 2.0
    x_i = x[0]
    h_p = 2
    pow1 = x_i ** h_p
    sin = math.sin(x_i)
    x_i1 = x[1]
    h_p1 = 3
    pow2 = x_i1 ** h_p1
    sin1 = math.sin(x_i1)
    add = s * pow1 + sin * mul + (s * pow2 + sin1 * mul)
    x_i2 = x[2]
    x_i3 = x[3]
    h_w2 = 0.5
    h_p2 = 1
    sin2 = math.sin(x_i2)
    h3 = h_w2 * x_i2 ** h_p2 + sin2 * x_i3
    a = add + h3
    _s = s
    s = s * 3.0
    h_p3 = 2
    pow4 = s ** h_p3
    sin3 = math.sin(s)
    # seed: the gradient of the sum of the outputs
    b_mul9 = scalar_seed(grad_ys)
    # adjoint of line 625: return a * h(s)
    b_a = b_mul9 * (h_w_default * pow4 + sin3 * mul)
    b_h4 = a * b_mul9
    b_h_scale_default = sin3 * b_h4
    b_s = b_h4 * mul * math.cos(s)
    b_h_w_default = b_h4 * pow4
    b_s = b_s + h_w_default * b_h4 * h_p3 * s ** np.where(h_p3, h_p3 - 1, 1.0)
    # adjoint of line 624: s = s * 3.0
    b_s = b_s * 3.0
    # adjoint of line 623: a = h(x[0]) + h(x[1], p=3) + h(x[2], 0.5, p=1, scale=x[3])
    b_x_i2 = b_a * x_i3 * math.cos(x_i2)
    b_x_i2 = b_x_i2 + h_w2 * b_a * h_p2 * x_i2 ** np.where(h_p2, h_p2 - 1, 1.0)
    b_x = index_add(None, x, 3, sin2 * b_a)
    b_x[2] += b_x_i2
    b_sin1 = b_a * mul
    b_x_i1 = b_sin1 * math.cos(x_i1)
    b_pow2 = h_w_default * b_a
    b_x_i1 = b_x_i1 + b_pow2 * h_p1 * x_i1 ** np.where(h_p1, h_p1 - 1, 1.0)
    b_x[1] += b_x_i1
    b_h_scale_default = b_h_scale_default + sin1 * b_a + sin * b_a
    b_x_i = b_sin1 * math.cos(x_i)
    b_h_w_default = b_h_w_default + b_a * pow2 + b_a * pow1
    b_x_i = b_x_i + b_pow2 * h_p * x_i ** np.where(h_p, h_p - 1, 1.0)
    b_x[0] += b_x_i
    # adjoint of line 621: def h(z, w=s, *, p=2, scale=s * 2.0):
    b_s = b_s + b_h_scale_default * 2.0 + b_h_w_default
    return finish(b_x, x), finish(b_s, _s)
