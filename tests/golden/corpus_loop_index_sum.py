def grad_loop_index_sum(x, n, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    x_i = None
    x_i1 = None
    s = 0.0
    for i in range(n):
        _stack.append(x_i)
        x_i = x[i]
        _stack.append(x_i1)
        x_i1 = x[i]
        s = s + x_i * x_i1
    # seed: the gradient of the sum of the outputs
    b_s = seed(grad_ys, s)
    # adjoint of line 223: for i in range(n):
    b_x = np.zeros_like(x)
    for i in reversed(range(n)):
        # adjoint of line 224: s = s + x[i] * x[i]
        b_x_i = b_s * x_i1
        x_i1_before = _stack.pop()
        b_x = index_add(b_x, x, i, x_i * b_s)
        x_i1 = x_i1_before
        x_i_before = _stack.pop()
        b_x = index_add(b_x, x, i, b_x_i)
        x_i = x_i_before
    return finish(b_x, x)
