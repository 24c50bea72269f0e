def jvp_grad__nested_inner(x, grad_ys=None, tangents=None):
    t_x = tangents[0]
    # line 2: sin = np.sin(x)
    sin = np.sin(x)
    t_sin = t_x * np.cos(x)
    b_mul = scalar_seed(grad_ys)
    # line 6: b_x = sin * b_mul + b_mul * x * np.cos(x)
    mul = sin * b_mul
    t_mul = broadcast_like(t_sin * b_mul, mul)
    mul1 = b_mul * x
    t_mul1 = broadcast_like(b_mul * t_x, mul1)
    cos = np.cos(x)
    t_cos = -t_x * np.sin(x)
    mul2 = mul1 * cos
    t_mul2 = broadcast_like(t_mul1 * cos, mul2) + broadcast_like(mul1 *
        t_cos, mul2)
    b_x = mul + mul2
    t_b_x = broadcast_like(t_mul, b_x) + broadcast_like(t_mul2, b_x)
    # line 7: return finish(b_x, x)
    finish1 = finish(b_x, x)
    t_finish1 = finish(t_b_x, x, False, None)
    return finish1, t_finish1


def jvp_nested_grad_call(x, tangents):
    # line 120: return _nested_dg(x) * x + _nested_dg(2.0 * x)
    nested_dg, t_nested_dg = jvp_grad__nested_inner(x, tangents=(tangents,))
    mul = nested_dg * x
    t_mul = broadcast_like(t_nested_dg * x, mul) + broadcast_like(nested_dg *
        tangents, mul)
    mul1 = 2.0 * x
    t_mul1 = broadcast_like(2.0 * tangents, mul1)
    nested_dg1, t_nested_dg1 = jvp_grad__nested_inner(mul1, tangents=(t_mul1,))
    add = mul + nested_dg1
    t_add = broadcast_like(t_mul, add) + broadcast_like(t_nested_dg1, add)
    return add, t_add
