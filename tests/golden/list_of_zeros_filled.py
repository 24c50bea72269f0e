def grad_list_of_zeros_filled(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    mul1 = None
    v = None
    items = [0.0]
    n = len(x)
    out = repeat_sequence(items, n)
    n1 = len(x)
    for i in range(n1):
        mul = x[i] * (i + 1.0)
        _stack.append(item_saved(out, i))
        out[i] = mul
    items1 = []
    n2 = len(out)
    for k in range(n2):
        _stack.append(v)
        v = out[k]
        _stack.append(mul1)
        mul1 = v * v
        items1.append(mul1)
    sum1 = sum(items1)
    # seed: the gradient of the sum of the outputs
    b_sum1 = seed(grad_ys, sum1)
    del sum1
    # adjoint of line 466: return sum(v * v for v in out)
    b_items1 = sum_of_items_grad(b_sum1, items1)
    del b_sum1
    # adjoint of line 466: return sum(v * v for v in out)
    b_out = zeros_tree(out)
    for k in reversed(range(n2)):
        # adjoint of line 466: return sum(v * v for v in out)
        b_items1, b_item = pop_grad(b_items1, mul1)
        del mul1
        items1.pop()
        mul1_before = _stack.pop()
        b_v = 2.0 * b_item * v
        mul1 = mul1_before
        v_before = _stack.pop()
        b_out = item_add(b_out, out, k, b_v)
        v = v_before
    # adjoint of line 464: for i in range(len(x)):
    b_x = np.zeros_like(x)
    for i in reversed(range(n1)):
        # adjoint of line 465: out[i] = x[i] * (i + 1.0)
        b_mul = item_grad(b_out, i, x[i] * (i + 1.0))
        b_out = item_clear(b_out, i)
        item_restore(out, i, _stack.pop())
        b_x[i] += b_mul * (i + 1.0)
    return finish(b_x, x)
