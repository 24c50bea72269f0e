def grad_dict_entry_scaled(p, x, grad_ys=None):
    W = p['W'].copy()
    W[0] = W[0] * 0.9
    item1 = W[1, 1:]
    x_i = x[:2]
    unused = check_in_place(item1, x_i)
    add = item1 + x_i
    W[1, 1:] = add
    tanh = np.tanh(W @ x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 654: return np.sum(np.tanh(W @ x))
    b_matmul = b_sum1 * (1.0 - tanh * tanh)
    del tanh
    b_W = np.outer(b_matmul, x)
    del b_matmul
    # adjoint of line 653: W[1, 1:] += x[:2]
    b_add = unbroadcast(np.copy(b_W[1, 1:]), add)
    del add
    b_W = np.array(b_W, dtype=float)
    b_W[1, 1:] = 0.0
    b_item1 = unbroadcast(b_add, item1)
    del b_add, item1
    b_W[1, 1:] += b_item1
    del b_item1
    # adjoint of line 652: W[0] *= 0.9
    b_mul = np.copy(b_W[0])
    b_W[0] = 0.0
    b_item = mul_into(b_mul, 0.9)
    del b_mul
    b_W[0] += b_item
    del b_item
    # adjoint of line 651: W = p["W"].copy()
    b_p = item_add(None, p, 'W', b_W)
    return finish(b_p, p, False, (grad_ys,))
