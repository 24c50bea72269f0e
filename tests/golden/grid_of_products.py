def grad_grid_of_products(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    items1 = None
    items3 = None
    mul1 = None
    n1 = None
    row = None
    sin = None
    sum1 = None
    v = None
    items = []
    for i in range(2):
        _stack.append(items1)
        items1 = []
        for j in range(2):
            _stack.append(sin)
            sin = np.sin(x[j])
            items1.append(x[i] * sin)
        items.append(items1)
    grid = items
    items2 = []
    n = len(items)
    for k in range(n):
        _stack.append(row)
        row = grid[k]
        _stack.append(items3)
        items3 = []
        _stack.append(n1)
        n1 = loop_len(row)
        for k1 in range(n1):
            _stack.append(v)
            v = row[k1]
            _stack.append(mul1)
            mul1 = v * v
            items3.append(mul1)
        _stack.append(sum1)
        sum1 = sum(items3)
        items2.append(sum1)
    sum2 = sum(items2)
    # seed: the gradient of the sum of the outputs
    b_sum2 = seed(grad_ys, sum2)
    del sum2
    # adjoint of line 223: return sum(sum(v * v for v in row) for row in grid)
    b_items2 = sum_of_items_grad(b_sum2, items2)
    del b_sum2
    # adjoint of line 223: return sum(sum(v * v for v in row) for row in grid)
    b_grid = zeros_tree(grid)
    for k in reversed(range(n)):
        # adjoint of line 223: return sum(sum(v * v for v in row) for row in grid)
        b_items2, b_item = pop_grad(b_items2, sum1)
        del sum1
        items2.pop()
        sum1_before = _stack.pop()
        b_items3 = sum_of_items_grad(b_item, items3)
        sum1 = sum1_before
        # adjoint of line 223: return sum(sum(v * v for v in row) for row in grid)
        b_row = zeros_tree(row)
        for k1 in reversed(range(n1)):
            # adjoint of line 223: return sum(sum(v * v for v in row) for row in grid)
            b_items3, b_item1 = pop_grad(b_items3, mul1)
            del mul1
            items3.pop()
            mul1_before = _stack.pop()
            b_v = 2.0 * b_item1 * v
            mul1 = mul1_before
            v_before = _stack.pop()
            b_row = item_add(b_row, row, k1, b_v)
            v = v_before
        n1_before = _stack.pop()
        n1 = n1_before
        items3_before = _stack.pop()
        items3 = items3_before
        # adjoint of line 223: return sum(sum(v * v for v in row) for row in grid)
        row_before = _stack.pop()
        b_grid = item_add(b_grid, grid, k, b_row)
        row = row_before
    # adjoint of line 222: grid = [[x[i] * np.sin(x[j]) for j in range(2)] for i in range(2)]
    b_items = b_grid
    # adjoint of line 222: grid = [[x[i] * np.sin(x[j]) for j in range(2)] for i in range(2)]
    b_x = np.zeros_like(x)
    for i in reversed(range(2)):
        # adjoint of line 222: grid = [[x[i] * np.sin(x[j]) for j in range(2)] for i in range(2)]
        b_items, b_item2 = pop_grad(b_items, items1)
        b_items1 = b_item2
        items.pop()
        # adjoint of line 222: grid = [[x[i] * np.sin(x[j]) for j in range(2)] for i in range(2)]
        for j in reversed(range(2)):
            # adjoint of line 222: grid = [[x[i] * np.sin(x[j]) for j in range(2)] for i in range(2)]
            x_i2 = x[i]
            b_items1, b_item3 = pop_grad(b_items1, x_i2 * sin)
            items1.pop()
            b_x_i = b_item3 * sin
            sin_before = _stack.pop()
            b_x_i1 = x_i2 * b_item3 * np.cos(x[j])
            sin = sin_before
            b_x[j] += b_x_i1
            b_x[i] += b_x_i
        items1_before = _stack.pop()
        items1 = items1_before
    return finish(b_x, x)
