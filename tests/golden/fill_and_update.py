def grad_fill_and_update(x, grad_ys=None):
    y = np.empty(3)
    x_i = x[0]
    x_i1 = x[1]
    mul = x_i * x_i1
    y[...] = mul
    x_i2 = x[1]
    d = {'a': x_i2, 'b': 1.0}
    b = d['b']
    x_i3 = x[2]
    mul1 = b * x_i3
    a = d['a']
    pow1 = a ** 2
    x_i4 = x[0]
    _d_saved = item_saved(d, 'a')
    d['a'] = mul1
    _d_saved1 = item_saved(d, 'b')
    d['b'] = pow1
    _d_saved2 = item_saved(d, 'c')
    d['c'] = x_i4
    sum1 = np.sum(y * x)
    a1 = d['a']
    b1 = d['b']
    add = sum1 + a1 * b1
    # seed: the gradient of the sum of the outputs
    b_add1 = seed(grad_ys, add + d['c'])
    # adjoint of line 375: return np.sum(y * x) + d["a"] * d["b"] + d["c"]
    b_add = unbroadcast(b_add1, add)
    b_d = item_add(None, d, 'c', b_add1)
    del b_add1
    b_d = item_add(b_d, d, 'b', a1 * b_add)
    b_d = item_add(b_d, d, 'a', b_add * b1)
    b_y = b_add * x
    b_x = mul_into(y, b_add)
    del y
    # adjoint of line 374: d.update({"a": d["b"] * x[2], "b": d["a"] ** 2}, c=x[0])
    b_x_i4 = item_grad(b_d, 'c', x_i4)
    b_d = item_clear(b_d, 'c')
    item_restore(d, 'c', _d_saved2)
    b_pow1 = item_grad(b_d, 'b', pow1)
    b_d = item_clear(b_d, 'b')
    item_restore(d, 'b', _d_saved1)
    b_mul1 = item_grad(b_d, 'a', mul1)
    b_d = item_clear(b_d, 'a')
    item_restore(d, 'a', _d_saved)
    b_d = item_add(b_d, d, 'a', b_pow1 * 2.0 * a)
    b_x[2] += b * b_mul1
    b_d = item_add(b_d, d, 'b', b_mul1 * x_i3)
    # adjoint of line 373: d = {"a": x[1], "b": 1.0}
    b_x_i2 = item_grad(b_d, 'a', x_i2)
    # adjoint of line 372: y.fill(x[0] * x[1])
    b_mul = unbroadcast(np.copy(b_y[...]), mul)
    b_y[...] = 0.0
    del b_y
    b_x[1] += b_x_i2 + x_i * b_mul
    b_x[0] += b_x_i4 + b_mul * x_i1
    return finish(b_x, x)
