def grad_list_rebound_to_floats(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    add = None
    xs_i = None
    xs_i1 = None
    xs = [1, 2, 3]
    _xs1 = xs
    xs = np.array(xs, dtype=float)
    n = len(xs)
    for i in range(1, n):
        _stack.append(xs_i)
        xs_i = xs[i]
        _stack.append(xs_i1)
        xs_i1 = xs[i - 1]
        _stack.append(add)
        add = xs_i * xs_i1 + x[i]
        _stack.append(item_saved(xs, i))
        xs[i] = add
    mul1 = xs * x
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 1226: return np.sum(xs * x)
    b_mul1 = spread(b_sum1, mul1)
    del mul1
    b_xs = unbroadcast(b_mul1 * x, xs)
    b_x = unbroadcast(xs * b_mul1, x)
    del b_mul1
    # adjoint of line 1224: for i in range(1, len(xs)):
    for i in reversed(range(1, n)):
        # adjoint of line 1225: xs[i] = xs[i] * xs[i - 1] + x[i]
        b_add = item_grad(b_xs, i, add)
        del add
        b_xs = item_clear(b_xs, i)
        item_restore(xs, i, _stack.pop())
        x_i1 = x[i]
        add_before = _stack.pop()
        b_x_i = unbroadcast(b_add, x_i1)
        add = add_before
        b_x = add_into(b_x, index_add(None, x, i, b_x_i))
        b_xs_i = unbroadcast(b_add * xs_i1, xs_i)
        b_xs_i1 = unbroadcast(xs_i * b_add, xs_i1)
        del b_add
        xs_i1_before = _stack.pop()
        b_xs = item_add(b_xs, xs, i - 1, b_xs_i1)
        xs_i1 = xs_i1_before
        xs_i_before = _stack.pop()
        b_xs = item_add(b_xs, xs, i, b_xs_i)
        xs_i = xs_i_before
    # adjoint of line 1223: xs = np.array(xs, dtype=float)
    b_xs = unstack_like(b_xs, _xs1)
    return finish(b_x, x, False, (grad_ys,))
