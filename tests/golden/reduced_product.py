def grad_reduced_product(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    cos = None
    items = list(x)
    acc1 = 1.0
    n = loop_len(items)
    for k in range(n):
        _stack.append(cos)
        cos = np.cos(items[k])
        _stack.append(acc1)
        acc1 = acc1 * cos
    sum1 = np.sum(x)
    # seed: the gradient of the sum of the outputs
    b_mul = scalar_seed(grad_ys)
    # adjoint of line 789: return p * np.sum(x)
    b_acc1 = b_mul * sum1
    b_x = spread(acc1 * b_mul, x)
    # adjoint of line 788: p = functools.reduce(lambda acc, v: acc * np.cos(v), list(x), 1.0)
    b_items = zeros_tree(items)
    for k in reversed(range(n)):
        # adjoint of line 788: p = functools.reduce(lambda acc, v: acc * np.cos(v), list(x), 1.0)
        acc1_before = _stack.pop()
        b_acc1_out = b_acc1
        b_acc1 = b_acc1 * cos
        cos_before = _stack.pop()
        b_item = -(acc1_before * b_acc1_out) * np.sin(items[k])
        cos = cos_before
        b_items = item_add(b_items, items, k, b_item)
    # adjoint of line 788: p = functools.reduce(lambda acc, v: acc * np.cos(v), list(x), 1.0)
    b_x = add_into(b_x, sequence_grad(b_items, x))
    return finish(b_x, x)
