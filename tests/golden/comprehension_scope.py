def grad_comprehension_scope(x, grad_ys=None):
    v = x[0]
    items = []
    n = len(x)
    for k in range(n):
        items.append(x[k] * 2.0)
    mul1 = v * 10.0
    sum1 = sum(items)
    # seed: the gradient of the sum of the outputs
    b_add = seed(grad_ys, mul1 + sum1)
    del sum1
    # adjoint of line 330: return v * 10.0 + sum(ys)
    b_mul1 = unbroadcast(b_add, mul1)
    b_ys = sum_of_items_grad(b_add, items)
    del b_add
    b_v = b_mul1 * 10.0
    # adjoint of line 329: ys = [v * 2.0 for v in x]
    b_items = b_ys
    # adjoint of line 329: ys = [v * 2.0 for v in x]
    b_x = np.zeros_like(x)
    for k in reversed(range(n)):
        # adjoint of line 329: ys = [v * 2.0 for v in x]
        b_items, b_item = pop_grad(b_items, x[k] * 2.0)
        items.pop()
        b_x[k] += b_item * 2.0
    # adjoint of line 328: v = x[0]
    b_x[0] += b_v
    return finish(b_x, x)
