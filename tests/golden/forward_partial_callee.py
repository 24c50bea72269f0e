def jvp__affine_tanh(x, tangents):
    t_x = tangents[0]
    # line 830: return np.tanh(w * x + b)
    mul = w * x
    t_mul = broadcast_like(w * t_x, mul)
    add = mul + b
    t_add = broadcast_like(t_mul, add)
    tanh = np.tanh(add)
    t_tanh = t_add * (1.0 - tanh * tanh)
    return tanh, t_tanh


def jvp_partial_callee(x, tangents):
    # line 837: return np.sum(_bound_layer(x) * _bound_layer(x ** 2))
    bound_layer, t_bound_layer = jvp__affine_tanh(x, tangents=(tangents,))
    t_pow1 = tangents * 2.0 * x
    bound_layer1, t_bound_layer1 = jvp__affine_tanh(x ** 2, tangents=(t_pow1,))
    mul = bound_layer * bound_layer1
    t_mul = broadcast_like(t_bound_layer * bound_layer1, mul) + broadcast_like(
        bound_layer * t_bound_layer1, mul)
    sum1 = np.sum(mul)
    t_sum1 = np.sum(t_mul, axis=None, keepdims=False)
    return sum1, t_sum1
