def grad_fstring_off_the_gradient_path(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    parts_i = None
    pow1 = None
    t1 = None
    n = len(x)
    label = f'norm of {n} entries'
    keys = []
    values = []
    n1 = len(x)
    for i1 in range(n1):
        keys.append(f'x{i1}')
        values.append(x[i1])
    parts = dict_of(keys, values)
    total = 0.0
    n2 = len(x)
    for i in range(n2):
        _stack.append(t1)
        t1 = f'x{i}'
        _stack.append(parts_i)
        parts_i = parts[t1]
        _stack.append(shape_only(pow1))
        pow1 = parts_i ** 2
        _stack.append(shape_only(total))
        total = total + pow1
    cmp = total < 0.0
    if cmp:
        raise ValueError(f'{label}: negative {total:.3f}')
    sqrt = math.sqrt(total)
    # seed: the gradient of the sum of the outputs
    b_sqrt = scalar_seed(grad_ys)
    # adjoint of line 714: return math.sqrt(total)
    b_total = b_sqrt * (0.5 / sqrt if sqrt else math.inf)
    # adjoint of line 710: for i in range(len(x)):
    b_parts = zeros_tree(parts)
    for i in reversed(range(n2)):
        # adjoint of line 711: total = total + parts[f"x{i}"] ** 2
        total_before = _stack.pop()
        b_total_out = b_total
        b_total = unbroadcast(b_total, total_before)
        b_pow1 = unbroadcast(b_total_out, pow1)
        del b_total_out, pow1
        pow1_before = _stack.pop()
        b_parts_i = b_pow1 * 2.0 * parts_i
        del b_pow1
        pow1 = pow1_before
        parts_i_before = _stack.pop()
        b_parts = item_add(b_parts, parts, t1, b_parts_i)
        parts_i = parts_i_before
        t1_before = _stack.pop()
        t1 = t1_before
    del b_total
    # adjoint of line 708: parts = {f"x{i}": x[i] for i in range(len(x))}
    b_values = dict_of_grad(b_parts, keys)
    # adjoint of line 708: parts = {f"x{i}": x[i] for i in range(len(x))}
    b_x = np.zeros_like(x)
    for i1 in reversed(range(n1)):
        # adjoint of line 708: parts = {f"x{i}": x[i] for i in range(len(x))}
        b_values, b_item = pop_grad(b_values, x[i1])
        values.pop()
        b_x[i1] += b_item
        keys.pop()
    return finish(b_x, x)
