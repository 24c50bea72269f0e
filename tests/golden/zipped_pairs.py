def grad_zipped_pairs(a, b, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    items1 = None
    items3 = None
    mul = None
    pairs_i = None
    items = []
    n = len(a)
    n1 = len(b)
    min1 = min(n, n1)
    for k1 in range(min1):
        _stack.append(items1)
        items1 = a[k1], b[k1]
        items.append(items1)
    pairs = sorted(items, key=lambda1)
    items2 = []
    n2 = len(a)
    for k2 in range(n2):
        _stack.append(items3)
        items3 = a[k2],
        items2.append(items3)
    firsts = items2
    items4 = []
    n3 = len(pairs)
    for k in range(n3):
        _stack.append(pairs_i)
        pairs_i = pairs[k]
        unpacked1 = unpacked(pairs_i, 2)
        q = pairs_i[1]
        _stack.append(mul)
        mul = k * q
        items4.append(mul)
    sum1 = sum(items4)
    pairs_i1 = pairs[0]
    item_i = pairs_i1[0]
    firsts_i = firsts[-1]
    item_i1 = firsts_i[0]
    mul1 = item_i * item_i1
    # seed: the gradient of the sum of the outputs
    b_add = seed(grad_ys, sum1 + mul1)
    # adjoint of line 997: return sum(k * q for k, (p, q) in enumerate(pairs)) + pairs[0][0] * firsts[-1][0]
    b_sum1 = unbroadcast(b_add, sum1)
    del sum1
    b_mul1 = unbroadcast(b_add, mul1)
    del b_add, mul1
    b_item_i = unbroadcast(b_mul1 * item_i1, item_i)
    b_item_i1 = unbroadcast(item_i * b_mul1, item_i1)
    del b_mul1
    b_firsts_i = item_add(None, firsts_i, 0, b_item_i1)
    b_firsts = item_add(None, firsts, -1, b_firsts_i)
    b_pairs_i1 = item_add(None, pairs_i1, 0, b_item_i)
    b_pairs = item_add(None, pairs, 0, b_pairs_i1)
    b_items4 = sum_of_items_grad(b_sum1, items4)
    del b_sum1
    # adjoint of line 997: return sum(k * q for k, (p, q) in enumerate(pairs)) + pairs[0][0] * firsts[-1][0]
    for k in reversed(range(n3)):
        # adjoint of line 997: return sum(k * q for k, (p, q) in enumerate(pairs)) + pairs[0][0] * firsts[-1][0]
        b_items4, b_item = pop_grad(b_items4, mul)
        del mul
        items4.pop()
        mul_before = _stack.pop()
        b_q = k * b_item
        mul = mul_before
        b_pairs_i = item_add(None, pairs_i, 1, b_q)
        pairs_i_before = _stack.pop()
        b_pairs = item_add(b_pairs, pairs, k, b_pairs_i)
        pairs_i = pairs_i_before
    # adjoint of line 996: firsts = list(zip(a))
    b_items2 = b_firsts
    # adjoint of line 996: firsts = list(zip(a))
    b_a = np.zeros_like(a)
    for k2 in reversed(range(n2)):
        # adjoint of line 996: firsts = list(zip(a))
        b_items2, b_item1 = pop_grad(b_items2, items3)
        items2.pop()
        items3_before = _stack.pop()
        b_item2 = item_grad(b_item1, 0, a[k2])
        items3 = items3_before
        b_a[k2] += b_item2
    # adjoint of line 995: pairs = sorted(zip(a, b), key=lambda p: p[0])
    b_items = sorted_grad(b_pairs, items, lambda1, False)
    # adjoint of line 995: pairs = sorted(zip(a, b), key=lambda p: p[0])
    b_b = np.zeros_like(b)
    for k1 in reversed(range(min1)):
        # adjoint of line 995: pairs = sorted(zip(a, b), key=lambda p: p[0])
        b_items, b_item4 = pop_grad(b_items, items1)
        items.pop()
        items1_before = _stack.pop()
        b_item3 = item_grad(b_item4, 0, a[k1])
        b_item11 = item_grad(b_item4, 1, b[k1])
        items1 = items1_before
        b_b[k1] += b_item11
        b_a[k1] += b_item3
    return finish(b_a, a), finish(b_b, b)
