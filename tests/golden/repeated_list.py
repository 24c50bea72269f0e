def grad_repeated_list(x, grad_ys=None):
    tanh = np.tanh(x)
    items = [x, tanh]
    xs = repeat_sequence(items, 2)
    stack = np.stack(xs)
    arange = np.arange(4.0)
    item_i = arange[:, None]
    mul = stack * item_i
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 774: return np.sum(np.stack(xs) * np.arange(4.0)[:, None])
    b_mul = spread(b_sum1, mul)
    del mul
    b_stack = unbroadcast(b_mul * item_i, stack)
    del b_mul, item_i, stack
    b_xs = stacked_parts(b_stack, len(xs), 0)
    del b_stack
    # adjoint of line 773: xs = [x, np.tanh(x)] * 2
    b_items = sequence_repeat_grad(b_xs, len(items))
    b_x = item_grad(b_items, 0, x)
    b_tanh = item_grad(b_items, 1, tanh)
    b_x = b_x + b_tanh * (1.0 - tanh * tanh)
    return finish(b_x, x)
