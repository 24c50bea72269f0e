def grad_store_loop_that_may_not_run(x, n, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    a_i = None
    sin1 = None
    a = np.zeros(3)
    x_i = x[0]
    sin = np.sin(x_i)
    a[0] = sin
    for i in range(n):
        _stack.append(sin1)
        sin1 = np.sin(x[0])
        _stack.append(a_i)
        a_i = a[1]
        a[0] = sin1 * a_i
    exp = np.exp(a + x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 765: return np.sum(np.exp(a + x))
    b_add = mul_into(exp, b_sum1)
    del exp
    b_a = b_add
    b_x = b_add
    del b_add
    # adjoint of line 763: for i in range(n):
    for i in reversed(range(n)):
        # adjoint of line 764: a[0] = np.sin(x[0]) * a[1]
        mul1 = sin1 * a_i
        b_mul = unbroadcast(np.copy(b_a[0]), mul1)
        b_a = np.array(b_a, dtype=float)
        b_a[0] = 0.0
        b_sin1 = b_mul * a_i
        a_i_before = _stack.pop()
        b_a[1] += sin1 * b_mul
        a_i = a_i_before
        sin1_before = _stack.pop()
        b_x_i1 = b_sin1 * np.cos(x[0])
        sin1 = sin1_before
        b_x = add_into(b_x, index_add(None, x, 0, b_x_i1))
    # adjoint of line 762: a[0] = np.sin(x[0])
    b_sin = unbroadcast(np.copy(b_a[0]), sin)
    b_a = np.array(b_a, dtype=float)
    b_a[0] = 0.0
    del b_a
    b_x_i = b_sin * np.cos(x_i)
    b_x = add_into(b_x, index_add(None, x, 0, b_x_i))
    return finish(b_x, x)
