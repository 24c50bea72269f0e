def grad_max_by_key(x, s, grad_ys=None):
    v = np.tanh(x * s)
    v_i = v[0]
    mul1 = v_i * s
    neg = -v[1]
    items = [mul1, neg, s]
    max1 = max(v, key=abs)
    min1 = min(items, key=abs)
    v_i2 = v[2]
    v_i3 = v[3]
    mul3 = s * v_i3
    max2 = max(v_i2, mul3, key=abs)
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 598: return s * max(v, key=abs) + min(items, key=abs) * max(v[2], s * v[3], key=abs)
    b_min1 = b_add * max2
    parts = extreme_grads(min1 * b_add, max2, (v_i2, mul3))
    b_mul3 = parts[1]
    b_v = index_add(None, v, 3, s * b_mul3)
    b_v[2] += parts[0]
    del parts
    parts1 = extreme_grads(b_min1, min1, (items,))
    b_items = parts1[0]
    del parts1
    b_s = b_mul3 * v_i3 + b_add * max1
    parts2 = extreme_grads(s * b_add, max1, (v,))
    b_v += parts2[0]
    del parts2
    # adjoint of line 597: items = [v[0] * s, -v[1], s]
    b_mul1 = item_grad(b_items, 0, mul1)
    b_neg = item_grad(b_items, 1, neg)
    b_s = b_s + item_grad(b_items, 2, s)
    b_v[1] += -b_neg
    b_s = b_s + v_i * b_mul1
    b_v[0] += b_mul1 * s
    # adjoint of line 596: v = np.tanh(x * s)
    b_mul = b_v * (1.0 - v * v)
    del b_v, v
    b_x = b_mul * s
    b_s = b_s + sum_product(x, b_mul, s)
    return finish(b_x, x), finish(b_s, s)
