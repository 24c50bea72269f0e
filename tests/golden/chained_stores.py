def grad_chained_stores(x, grad_ys=None):
    _stack = []
    a = np.zeros((2, 3))
    for i in range(2):
        for j in range(3):
            a[i, j] = x[j] * (i + 1.0)
    item = a[1, 1:]
    x_i1 = x[1:]
    pow1 = x_i1 ** 2
    unused = check_in_place(item, pow1)
    add1 = item + pow1
    a[1, 1:] = add1
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 409: return np.sum(a * a)
    b_a = mul_into(a, 2.0 * b_sum1)
    del a
    # adjoint of line 408: a[1][1:] += x[1:] ** 2
    b_add1 = unbroadcast(np.copy(b_a[1, 1:]), add1)
    del add1
    b_a[1, 1:] = 0.0
    b_item = unbroadcast(b_add1, item)
    del item
    b_pow1 = unbroadcast(b_add1, pow1)
    del b_add1, pow1
    b_x_i1 = mul_into(x_i1, b_pow1 * 2.0)
    del b_pow1, x_i1
    b_x = index_add(None, x, slice(1, None, None), b_x_i1)
    del b_x_i1
    b_a[1, 1:] += b_item
    del b_item
    # adjoint of line 405: for i in range(2):
    for i in reversed(range(2)):
        # adjoint of line 406: for j in range(3):
        for j in reversed(range(3)):
            # adjoint of line 407: a[i][j] = x[j] * (i + 1.0)
            add2 = i + 1.0
            mul2 = x[j] * add2
            b_mul = unbroadcast(np.copy(b_a[i, j]), mul2)
            b_a[i, j] = 0.0
            b_x[j] += b_mul * add2
    return finish(b_x, x)
