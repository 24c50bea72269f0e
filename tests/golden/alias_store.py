def grad_alias_store(v, s, grad_ys=None):
    w = v * 1.0
    item = w[1:]
    mul = 0.5 * s
    _w_saved = np.copy(w[1:])
    w[1:] = item * mul
    sum1 = np.sum(w * w)
    # seed: the gradient of the sum of the outputs
    b_mul3 = scalar_seed(grad_ys)
    # adjoint of line 539: return np.sum(w * u) * s
    b_s = sum1 * b_mul3
    b_w = 2.0 * (b_mul3 * s) * w
    # adjoint of line 538: u[1:] *= 0.5 * s
    b_mul1 = np.copy(b_w[1:])
    b_w[1:] = 0.0
    w[1:] = _w_saved
    del w
    b_item = b_mul1 * mul
    b_mul = sum_product(item, b_mul1, mul)
    del b_mul1, item
    b_s = b_s + 0.5 * b_mul
    b_w[1:] += b_item
    del b_item
    # adjoint of line 536: w = v * 1.0
    b_v = mul_into(b_w, 1.0)
    return finish(b_v, v), finish(b_s, s)
