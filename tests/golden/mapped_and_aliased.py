def grad_mapped_and_aliased(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    exp = None
    items = []
    list1 = list(x)
    n = len(list1)
    for k in range(n):
        v1 = list1[k]
        _stack.append(exp)
        exp = np.exp(-v1)
        items.append(v1 * exp)
    s = sum(items)
    x_i = x[::-1]
    n1 = len(x_i)
    # seed: the gradient of the sum of the outputs
    b_s = scalar_seed(grad_ys)
    # adjoint of line 781: for y in map(np.sin, x[::-1]):
    b_x_i = np.zeros_like(x_i)
    for k1 in reversed(range(n1)):
        # adjoint of line 782: s = s * 0.5 + y
        b_y = b_s
        b_s = b_s * 0.5
        # adjoint of line 781: for y in map(np.sin, x[::-1]):
        b_item = b_y * np.cos(x_i[k1])
        b_x_i[k1] += b_item
    del x_i
    # adjoint of line 781: for y in map(np.sin, x[::-1]):
    b_x = index_add(None, x, slice(None, None, -1), b_x_i)
    del b_x_i
    # adjoint of line 780: s = sum(map(lambda v: v * e(-v), list(x)))
    b_items = sum_of_items_grad(b_s, items)
    # adjoint of line 780: s = sum(map(lambda v: v * e(-v), list(x)))
    b_list1 = zeros_tree(list1)
    for k in reversed(range(n)):
        # adjoint of line 780: s = sum(map(lambda v: v * e(-v), list(x)))
        v11 = list1[k]
        b_items, b_item1 = pop_grad(b_items, v11 * exp)
        items.pop()
        b_v1 = b_item1 * exp
        exp_before = _stack.pop()
        b_neg = v11 * b_item1 * exp
        exp = exp_before
        b_v1 = b_v1 - b_neg
        b_list1 = item_add(b_list1, list1, k, b_v1)
    # adjoint of line 780: s = sum(map(lambda v: v * e(-v), list(x)))
    b_x += sequence_grad(b_list1, x)
    return finish(b_x, x)
