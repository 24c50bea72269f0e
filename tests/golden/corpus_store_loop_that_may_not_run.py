def grad_store_loop_that_may_not_run(x, n, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    sin1 = None
    a = np.zeros(3)
    x_i = x[0]
    sin = np.sin(x_i)
    a[0] = sin
    for i in range(n):
        _stack.append(sin1)
        sin1 = np.sin(x[0])
        _stack.append(np.copy(a[0]))
        a[0] = sin1 * a[1]
    exp = np.exp(a + x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 765: return np.sum(np.exp(a + x))
    b_add = mul_into(exp, b_sum1)
    del exp
    b_a = unbroadcast(b_add, a)
    b_x = unbroadcast(b_add, x)
    del b_add
    # adjoint of line 763: for i in range(n):
    for i in reversed(range(n)):
        # adjoint of line 764: a[0] = np.sin(x[0]) * a[1]
        b_a = np.array(b_a, dtype=float)
        b_mul = np.copy(b_a[0])
        b_a[0] = 0.0
        a[0] = _stack.pop()
        b_sin1 = sum_product(b_mul, a[1], sin1)
        b_a_i = mul_into(b_mul, sin1)
        del b_mul
        b_a[1] += b_a_i
        del b_a_i
        sin1_before = _stack.pop()
        b_x_i1 = b_sin1 * np.cos(x[0])
        sin1 = sin1_before
        b_x = add_into(b_x, index_add(None, x, 0, b_x_i1))
    del a
    # adjoint of line 762: a[0] = np.sin(x[0])
    b_a = np.array(b_a, dtype=float)
    b_sin = unbroadcast(np.copy(b_a[0]), sin)
    b_a[0] = 0.0
    del b_a
    b_x_i = b_sin * np.cos(x_i)
    b_x = add_into(b_x, index_add(None, x, 0, b_x_i))
    return finish(b_x, x)
