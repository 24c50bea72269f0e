def grad_generator_pairs(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    a = None
    b = None
    items1 = None
    items3 = None
    mul = None
    pairs_yielded1_i = None
    pairs_yielded_i = None
    sin = None
    items = []
    pairs_yielded = []
    n = len(x)
    sub = n - 1
    for pairs_j in range(sub):
        x_i1 = x[pairs_j + 1]
        _stack.append(items1)
        items1 = x[pairs_j], x_i1
        pairs_yielded.append(items1)
    n1 = loop_len(pairs_yielded)
    for k in range(n1):
        _stack.append(pairs_yielded_i)
        pairs_yielded_i = pairs_yielded[k]
        unpacked1 = unpacked(pairs_yielded_i, 2)
        _stack.append(a)
        a = pairs_yielded_i[0]
        _stack.append(b)
        b = pairs_yielded_i[1]
        _stack.append(mul)
        mul = a * b
        items.append(mul)
    sum1 = sum(items)
    items2 = []
    pairs_yielded1 = []
    n2 = len(x)
    sub1 = n2 - 1
    for pairs_j1 in range(sub1):
        x_i3 = x[pairs_j1 + 1]
        _stack.append(items3)
        items3 = x[pairs_j1], x_i3
        pairs_yielded1.append(items3)
    n3 = loop_len(pairs_yielded1)
    for k1 in range(n3):
        _stack.append(pairs_yielded1_i)
        pairs_yielded1_i = pairs_yielded1[k1]
        unpacked2 = unpacked(pairs_yielded1_i, 2)
        _stack.append(a)
        a = pairs_yielded1_i[0]
        _stack.append(sin)
        sin = np.sin(a)
        items2.append(sin)
    max1 = max(items2)
    # seed: the gradient of the sum of the outputs
    b_add2 = seed(grad_ys, sum1 + max1)
    # adjoint of line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    b_sum1 = unbroadcast(b_add2, sum1)
    del sum1
    b_max1 = unbroadcast(b_add2, max1)
    del b_add2
    parts = extreme_grads(b_max1, max1, (items2,))
    del b_max1, max1
    b_items2 = parts[0]
    del parts
    # adjoint of line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    b_pairs_yielded1 = zeros_tree(pairs_yielded1)
    for k1 in reversed(range(n3)):
        # adjoint of line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
        b_items2, b_item = pop_grad(b_items2, sin)
        del sin
        items2.pop()
        sin_before = _stack.pop()
        b_a = b_item * np.cos(a)
        sin = sin_before
        a_before = _stack.pop()
        b_pairs_yielded1_i = item_add(None, pairs_yielded1_i, 0, b_a)
        a = a_before
        pairs_yielded1_i_before = _stack.pop()
        b_pairs_yielded1 = item_add(b_pairs_yielded1, pairs_yielded1, k1,
            b_pairs_yielded1_i)
        pairs_yielded1_i = pairs_yielded1_i_before
    # adjoint of line 846: for j in range(len(w) - 1):
    b_x = np.zeros_like(x)
    for pairs_j1 in reversed(range(sub1)):
        # adjoint of line 847: yield w[j], w[j + 1]
        b_pairs_yielded1, b_item1 = pop_grad(b_pairs_yielded1, items3)
        pairs_yielded1.pop()
        x_i31 = x[pairs_j1 + 1]
        items3_before = _stack.pop()
        b_x_i2 = item_grad(b_item1, 0, x[pairs_j1])
        b_x_i3 = item_grad(b_item1, 1, x_i31)
        items3 = items3_before
        b_x[pairs_j1 + 1] += b_x_i3
        b_x[pairs_j1] += b_x_i2
    # adjoint of line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    b_items = sum_of_items_grad(b_sum1, items)
    del b_sum1
    # adjoint of line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
    b_pairs_yielded = zeros_tree(pairs_yielded)
    for k in reversed(range(n1)):
        # adjoint of line 848: return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))
        b_items, b_item2 = pop_grad(b_items, mul)
        del mul
        items.pop()
        mul_before = _stack.pop()
        b_a = unbroadcast(b_item2 * b, a)
        b_b = unbroadcast(a * b_item2, b)
        mul = mul_before
        b_before = _stack.pop()
        b_pairs_yielded_i = item_add(None, pairs_yielded_i, 1, b_b)
        b = b_before
        a_before1 = _stack.pop()
        b_pairs_yielded_i = item_add(b_pairs_yielded_i, pairs_yielded_i, 0, b_a
            )
        a = a_before1
        pairs_yielded_i_before = _stack.pop()
        b_pairs_yielded = item_add(b_pairs_yielded, pairs_yielded, k,
            b_pairs_yielded_i)
        pairs_yielded_i = pairs_yielded_i_before
    # adjoint of line 846: for j in range(len(w) - 1):
    for pairs_j in reversed(range(sub)):
        # adjoint of line 847: yield w[j], w[j + 1]
        b_pairs_yielded, b_item3 = pop_grad(b_pairs_yielded, items1)
        pairs_yielded.pop()
        x_i11 = x[pairs_j + 1]
        items1_before = _stack.pop()
        b_x_i = item_grad(b_item3, 0, x[pairs_j])
        b_x_i1 = item_grad(b_item3, 1, x_i11)
        items1 = items1_before
        b_x[pairs_j + 1] += b_x_i1
        b_x[pairs_j] += b_x_i
    return finish(b_x, x)
