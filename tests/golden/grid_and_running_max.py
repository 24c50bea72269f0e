def grad_maximum_accumulate(array, axis=0, dtype=None, out=None, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    maximum = None
    rows = None
    rows_i = None
    asarray = np.asarray(array)
    axis_without_out1 = axis_without_out(axis, out, dtype, array)
    a = np.moveaxis(asarray, axis_without_out1, 0)
    shape = a.shape
    cmp = shape[0] == 0
    if cmp:
        pass
    else:
        a_i = a[0]
        rows = [a_i]
        shape1 = a.shape
        item_i1 = shape1[0]
        for i in range(1, item_i1):
            _stack.append(rows_i)
            rows_i = rows[-1]
            _stack.append(maximum)
            maximum = np.maximum(rows_i, a[i])
            rows.append(maximum)
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 122: if a.shape[0] == 0:
    if cmp:
        # adjoint of line 123: return np.moveaxis(a, 0, axis)
        b_a = np.moveaxis(b_retval, axis, 0)
    else:
        # adjoint of line 127: return np.moveaxis(np.stack(rows), 0, axis)
        b_stack = np.moveaxis(b_retval, axis, 0)
        b_rows = stacked_parts(b_stack, len(rows), 0)
        del b_stack
        # adjoint of line 125: for i in range(1, a.shape[0]):  # (ties: np.maximum's, half the gradient to each)
        b_a = np.zeros_like(a)
        for i in reversed(range(1, item_i1)):
            # adjoint of line 126: rows.append(np.maximum(rows[-1], a[i]))
            b_rows, b_item = pop_grad(b_rows, maximum)
            del maximum
            rows.pop()
            a_i11 = a[i]
            maximum_before = _stack.pop()
            b_rows_i = unbroadcast(b_item * ((rows_i > a_i11) + 0.5 * (
                rows_i == a_i11)), rows_i)
            b_a_i1 = unbroadcast(b_item * ((a_i11 > rows_i) + 0.5 * (rows_i ==
                a_i11)), a_i11)
            maximum = maximum_before
            b_a[i] += b_a_i1
            del b_a_i1
            rows_i_before = _stack.pop()
            b_rows = item_add(b_rows, rows, -1, b_rows_i)
            rows_i = rows_i_before
        del a
        # adjoint of line 124: rows = [a[0]]
        b_a_i = item_grad(b_rows, 0, a_i)
        b_a[0] += b_a_i
        del b_a_i
    # adjoint of line 121: a = np.moveaxis(np.asarray(array), axis_without_out(axis, out, dtype, array), 0)
    b_asarray = np.moveaxis(b_a, 0, axis_without_out1)
    b_array = unstack_like(b_asarray, array)
    return b_array,


def grad_meshgrid(xi_0, xi_1, copy=True, sparse=False, indexing='xy',
    grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    g = None
    xi_i = None
    xi = xi_0, xi_1
    cmp = indexing not in ('xy', 'ij')
    if cmp:
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    n = len(xi)
    cond = indexing == 'xy'
    if cond:
        cond = n > 1
    swap = cond
    items1 = []
    n1 = len(xi)
    for k1 in range(n1):
        v = xi[k1]
        size = np.size(v)
        items1.append(size)
    sizes = items1
    if swap:
        items2 = [1, 0]
        range1 = range(2, n)
        list1 = list(range1)
        order1 = items2 + list1
    else:
        range2 = range(n)
        order1 = list(range2)
    order = order1
    items3 = []
    n2 = len(order1)
    for k2 in range(n2):
        k = order[k2]
        items3.append(sizes[k])
    shape = as_tuple(items3)
    grids = []
    for i in range(n):
        items4 = [1]
        s = repeat_sequence(items4, n)
        index = order.index(i)
        s[index] = -1
        _stack.append(xi_i)
        xi_i = xi[i]
        tuple1 = tuple(s)
        _stack.append(g)
        g = np.reshape(xi_i, tuple1)
        if not sparse:
            _stack.append(g)
            g = np.broadcast_to(g, shape)
            if copy:
                _stack.append(g)
                g = np.array(g)
        grids.append(g)
    tuple2 = tuple(grids)
    # seed: the gradient of the sum of the outputs
    b_tuple2 = cotangent(grad_ys, tuple2)
    # adjoint of line 261: return tuple(grids)
    b_grids = sequence_grad(b_tuple2, grids)
    # adjoint of line 252: for i in range(n):
    b_xi = zeros_tree(xi)
    for i in reversed(range(n)):
        # adjoint of line 260: grids.append(g)
        b_grids, b_item = pop_grad(b_grids, g)
        del g
        b_g = b_item
        grids.pop()
        # adjoint of line 256: if not sparse:
        if not sparse:
            # adjoint of line 258: if copy:
            if copy:
                # adjoint of line 259: g = np.array(g)
                g_before = _stack.pop()
                b_g = unstack_like(b_g, g_before)
            # adjoint of line 257: g = np.broadcast_to(g, shape)
            g_before1 = _stack.pop()
            b_g = unbroadcast(b_g, g_before1)
        # adjoint of line 255: g = np.reshape(xi[i], tuple(s))
        g_before2 = _stack.pop()
        b_xi_i = np.reshape(b_g, np.shape(xi_i))
        del b_g
        g = g_before2
        xi_i_before = _stack.pop()
        b_xi = item_add(b_xi, xi, i, b_xi_i)
        xi_i = xi_i_before
    # adjoint of line 243: def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    b_xi_0 = item_grad(b_xi, 0, xi_0)
    b_xi_1 = item_grad(b_xi, 1, xi_1)
    return b_xi_0, b_xi_1


def grad_grid_and_running_max(x, grad_ys=None):
    x_i = x[:2]
    pow1 = x ** 2
    meshgrid1 = meshgrid(x_i, pow1)
    unpacked1 = unpacked(meshgrid1, 2)
    a = meshgrid1[0]
    b = meshgrid1[1]
    sin = np.sin(a)
    mul = sin * b
    accumulate = maximum_accumulate(x)
    arange = np.arange(3.0)
    mul1 = accumulate * arange
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 437: return np.sum(np.sin(a) * b) + np.sum(np.maximum.accumulate(x) * np.arange(3.0))
    b_mul1 = spread(b_add, mul1)
    del mul1
    b_accumulate = unbroadcast(b_mul1 * arange, accumulate)
    del accumulate, arange, b_mul1
    b_maximum_accumulate_args = grad_maximum_accumulate(x, grad_ys=b_accumulate
        )
    del b_accumulate
    b_x = b_maximum_accumulate_args[0]
    del b_maximum_accumulate_args
    b_mul = spread(b_add, mul)
    del mul
    b_sin = unbroadcast(b_mul * b, sin)
    b_b = unbroadcast(sin * b_mul, b)
    del b_mul, sin
    b_a = mul_into(b_sin, np.cos(a))
    del b_sin
    # adjoint of line 436: a, b = np.meshgrid(x[:2], x ** 2)
    b_meshgrid1 = item_add(None, meshgrid1, 1, b_b)
    b_meshgrid1 = item_add(b_meshgrid1, meshgrid1, 0, b_a)
    b_meshgrid_args = grad_meshgrid(xi_0=x_i, xi_1=pow1, grad_ys=b_meshgrid1)
    del pow1, x_i
    b_x_i = b_meshgrid_args[0]
    b_pow1 = b_meshgrid_args[1]
    del b_meshgrid_args
    b_x = b_x + b_pow1 * 2.0 * x
    del b_pow1
    b_x[:2] += b_x_i
    return finish(b_x, x)
