def fwd__layer(q, h):
    q_i1 = q[1]
    tanh = np.tanh(q[0] * h + q_i1)
    return tanh, (h, q, q_i1, tanh)


def bwd__layer(_record, grad_ys=None):
    # the values the primal sweep recorded
    h, q, q_i1, tanh = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 486: return np.tanh(q.w * h + q.b)
    b_add = grad_ys * (1.0 - tanh * tanh)
    b_q_i1 = unbroadcast(b_add, q_i1)
    b_q = item_add(None, q, 1, b_q_i1)
    b_q_i = mul_into(b_add, h)
    del b_add
    b_q = item_add(b_q, q, 0, b_q_i)
    return b_q


def grad_named_tuple_fields(p, x, grad_ys=None):
    p_i = p[1]
    item_i = p_i[0]
    layer, _record__layer = fwd__layer(p[0], x)
    p_i2 = p[1]
    item_i1 = p_i2[1]
    y = item_i * layer + item_i1
    sum1 = np.sum(y ** 2)
    # seed: the gradient of the sum of the outputs
    b_mul1 = scalar_seed(grad_ys)
    # adjoint of line 491: return p.scale * np.sum(y ** 2)
    b_y = mul_into(y, p[2] * b_mul1 * 2.0)
    del y
    b_p = item_add(None, p, 2, b_mul1 * sum1)
    # adjoint of line 490: y = p.dec.w * _layer(p.enc, x) + p[1].b
    b_item_i1 = unbroadcast(b_y, item_i1)
    b_p_i2 = item_add(None, p_i2, 1, b_item_i1)
    b_p = item_add(b_p, p, 1, b_p_i2)
    b_item_i = unbroadcast(b_y * layer, item_i)
    b_layer = unbroadcast(item_i * b_y, layer)
    del b_y, item_i, layer
    b__layer_q = bwd__layer(_record__layer, b_layer)
    del b_layer
    b_p = item_add(b_p, p, 0, b__layer_q)
    b_p_i = item_add(None, p_i, 0, b_item_i)
    del b_item_i
    b_p = item_add(b_p, p, 1, b_p_i)
    return finish(b_p, p, False, (grad_ys,))
