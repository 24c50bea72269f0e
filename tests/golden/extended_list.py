def grad_extended_list(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    item = None
    item1 = None
    mul = None
    mul1 = None
    x_i = x[0]
    xs = [x_i]
    unused = list_only(xs, 'extend')
    items2 = []
    n = len(x)
    for k in range(n):
        v = x[k]
        _stack.append(mul)
        mul = v * 2.0
        items2.append(mul)
    items = items2
    n1 = loop_len(items2)
    for k1 in range(n1):
        _stack.append(item)
        item = items[k1]
        xs.append(item)
    unused1 = list_only(xs, 'extend')
    items1 = list(xs)
    n2 = loop_len(items1)
    for k2 in range(n2):
        _stack.append(item1)
        item1 = items1[k2]
        xs.append(item1)
    items3 = []
    n3 = len(xs)
    for i in range(n3):
        v = xs[i]
        _stack.append(mul1)
        mul1 = v * (i + 1.0)
        items3.append(mul1)
    sum1 = sum(items3)
    # seed: the gradient of the sum of the outputs
    b_sum1 = seed(grad_ys, sum1)
    del sum1
    # adjoint of line 1317: return sum(v * (i + 1.0) for i, v in enumerate(xs))
    b_items3 = sum_of_items_grad(b_sum1, items3)
    del b_sum1
    # adjoint of line 1317: return sum(v * (i + 1.0) for i, v in enumerate(xs))
    b_xs = zeros_tree(xs)
    for i in reversed(range(n3)):
        # adjoint of line 1317: return sum(v * (i + 1.0) for i, v in enumerate(xs))
        b_items3, b_item = pop_grad(b_items3, mul1)
        del mul1
        items3.pop()
        mul1_before = _stack.pop()
        b_v = b_item * (i + 1.0)
        mul1 = mul1_before
        b_xs = item_add(b_xs, xs, i, b_v)
    # adjoint of line 1316: xs.extend(xs)
    b_items1 = zeros_tree(items1)
    for k2 in reversed(range(n2)):
        # adjoint of line 1316: xs.extend(xs)
        b_xs, b_item2 = pop_grad(b_xs, item1)
        xs.pop()
        item1_before = _stack.pop()
        b_items1 = item_add(b_items1, items1, k2, b_item2)
        item1 = item1_before
    # adjoint of line 1316: xs.extend(xs)
    b_xs = add_tree(b_xs, sequence_grad(b_items1, xs))
    # adjoint of line 1315: xs.extend(v * 2.0 for v in x)
    b_items = zeros_tree(items)
    for k1 in reversed(range(n1)):
        # adjoint of line 1315: xs.extend(v * 2.0 for v in x)
        b_xs, b_item4 = pop_grad(b_xs, item)
        xs.pop()
        item_before = _stack.pop()
        b_items = item_add(b_items, items, k1, b_item4)
        item = item_before
    # adjoint of line 1315: xs.extend(v * 2.0 for v in x)
    b_items2 = b_items
    # adjoint of line 1315: xs.extend(v * 2.0 for v in x)
    b_x = np.zeros_like(x)
    for k in reversed(range(n)):
        # adjoint of line 1315: xs.extend(v * 2.0 for v in x)
        b_items2, b_item5 = pop_grad(b_items2, mul)
        del mul
        items2.pop()
        mul_before = _stack.pop()
        b_v = b_item5 * 2.0
        mul = mul_before
        b_x[k] += b_v
    # adjoint of line 1314: xs = [x[0]]
    b_x_i = item_grad(b_xs, 0, x_i)
    b_x[0] += b_x_i
    return finish(b_x, x)
