def grad_assembled_pieces(x, grad_ys=None):
    x_i = x[:2, :2]
    mul = x[:2, 2:3] * 2.0
    items = [x_i, mul]
    tanh = np.tanh(x[2:, :2])
    items1 = [tanh, 1.5]
    items2 = [items, items1]
    m = np.block(items2)
    x_i3 = x[0]
    items3 = [1, 1]
    tanh1 = np.tanh(x[1, :2])
    y = np.insert(x_i3, items3, tanh1)
    sin = np.sin(m)
    mul1 = sin * m
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 895: return np.sum(np.sin(m) * m) + np.sum(y ** 3)
    b_y = b_add * 3 * y ** 2
    del y
    b_mul1 = spread(b_add, mul1)
    del mul1
    b_sin = b_mul1 * m
    b_m = mul_into(sin, b_mul1)
    del b_mul1, sin
    b_m += mul_into(b_sin, np.cos(m))
    del b_sin, m
    # adjoint of line 894: y = np.insert(x[0], [1, 1], np.tanh(x[1, :2]))
    b_x_i3 = insert_grad(b_y, x_i3, items3, tanh1, None, 0)
    b_tanh1 = insert_grad(b_y, x_i3, items3, tanh1, None, 1)
    del b_y, x_i3
    b_x_i4 = mul_into(b_tanh1, 1.0 - tanh1 * tanh1)
    del b_tanh1, tanh1
    b_x = index_add(None, x, (1, slice(None, 2, None)), b_x_i4)
    del b_x_i4
    b_x[0] += b_x_i3
    del b_x_i3
    # adjoint of line 893: m = np.block([[x[:2, :2], x[:2, 2:3] * 2.0], [np.tanh(x[2:, :2]), 1.5]])
    b_items2 = block_grad(b_m, items2)
    del b_m
    b_items = item_grad(b_items2, 0, items)
    b_items1 = item_grad(b_items2, 1, items1)
    b_tanh = item_grad(b_items1, 0, tanh)
    b_x_i2 = mul_into(b_tanh, 1.0 - tanh * tanh)
    del b_tanh, tanh
    b_x[2:, :2] += b_x_i2
    del b_x_i2
    b_x_i = item_grad(b_items, 0, x_i)
    del x_i
    b_mul = item_grad(b_items, 1, mul)
    del mul
    b_x_i1 = mul_into(b_mul, 2.0)
    del b_mul
    b_x[:2, 2:3] += b_x_i1
    del b_x_i1
    b_x[:2, :2] += b_x_i
    return finish(b_x, x)
