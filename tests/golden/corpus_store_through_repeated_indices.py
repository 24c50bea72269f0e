def grad_store_through_repeated_indices(x, grad_ys=None):
    y = np.zeros(4)
    items = [0, 0, 1]
    item = y[items]
    x_i = x[:3]
    unused = check_in_place(item, x_i)
    add = item + x_i
    y[items] = add
    items1 = [0, 2, 0]
    rows = np.array(items1)
    grid = np.ones((3, 2))
    items3 = [1, 0, 1]
    x_i1 = x[1:]
    x_i2 = x[0]
    mul = x_i1 * x_i2
    grid[rows, items3] = mul
    check_broadcast(y, x)
    arange = np.arange(6.0)
    reshape = arange.reshape(3, 2)
    check_broadcast(grid, reshape)
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 753: return np.sum(y * x) + np.sum(grid ** 2 * np.arange(6.0).reshape(3, 2))
    b_grid = 2.0 * b_add1 * reshape * grid
    del grid, reshape
    b_y = b_add1 * x
    b_x = y * b_add1
    # adjoint of line 752: grid[rows, [1, 0, 1]] = x[1:] * x[0]
    b_mul = unbroadcast(b_grid[rows, items3] * last_writes(b_grid, (rows,
        items3)), mul)
    del mul
    b_grid[rows, items3] = 0.0
    del b_grid
    b_x_i1 = b_mul * x_i2
    b_x_i2 = sum_product(x_i1, b_mul, x_i2)
    del b_mul, x_i1
    b_x[0] += b_x_i2
    b_x[1:] += b_x_i1
    del b_x_i1
    # adjoint of line 749: y[[0, 0, 1]] += x[:3]
    b_add = unbroadcast(b_y[items] * last_writes(b_y, items), add)
    del add
    b_y[items] = 0.0
    b_item = unbroadcast(b_add, item)
    del item
    b_x_i = unbroadcast(b_add, x_i)
    del b_add, x_i
    b_x[:3] += b_x_i
    del b_x_i
    b_y = index_add(b_y, y, items, b_item)
    return finish(b_x, x)
