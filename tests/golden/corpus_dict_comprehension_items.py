def grad_dict_comprehension_items(params, x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    mul = None
    name = None
    name1 = None
    value = None
    keys = []
    values = []
    key_list1 = key_list(params)
    n = len(key_list1)
    for k in range(n):
        _stack.append(name1)
        name1 = key_list1[k]
        keys.append(name1)
        _stack.append(mul)
        mul = params[name1] * 0.5
        values.append(mul)
    scaled = dict_of(keys, values)
    W = scaled['W']
    matmul = x @ W
    cmp = 'b' in scaled
    if cmp:
        got = scaled['b']
    else:
        got = 0.0
    h = np.tanh(matmul + got)
    key_list2 = key_list(params)
    n1 = len(key_list2)
    for k1 in range(n1):
        _stack.append(name)
        name = key_list2[k1]
        _stack.append(value)
        value = params[name]
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 701: return np.sum(h ** 2) + 0.01 * penalty
    b_penalty = 0.01 * b_add1
    b_h = b_add1 * 2.0 * h
    # adjoint of line 699: for name, value in params.items():
    b_params = zeros_tree(params)
    # computed once for the loop below
    loop_invariant = b_penalty * 2.0
    for k1 in reversed(range(n1)):
        # adjoint of line 700: penalty = penalty + np.sum(value ** 2)
        b_value = loop_invariant * value
        # adjoint of line 699: for name, value in params.items():
        value_before = _stack.pop()
        b_params = item_add(b_params, params, name, b_value)
        value = value_before
        name_before = _stack.pop()
        name = name_before
    # adjoint of line 697: h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
    b_add = mul_into(b_h, 1.0 - h * h)
    del b_h, h
    b_matmul = unbroadcast(b_add, matmul)
    b_got = unbroadcast(b_add, got)
    del b_add
    # adjoint of line 697: h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
    if cmp:
        # adjoint of line 697: h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
        b_scaled = item_add(None, scaled, 'b', b_got)
    else:
        b_scaled = zeros_tree(scaled)
    # adjoint of line 697: h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
    vjp = vjp_matmul(b_matmul, matmul, x=x, y=W)
    del b_matmul, matmul
    b_W = vjp[1]
    del vjp
    b_scaled = item_add(b_scaled, scaled, 'W', b_W)
    # adjoint of line 696: scaled = {name: value * 0.5 for name, value in params.items()}
    b_values = dict_of_grad(b_scaled, keys)
    # adjoint of line 696: scaled = {name: value * 0.5 for name, value in params.items()}
    for k in reversed(range(n)):
        # adjoint of line 696: scaled = {name: value * 0.5 for name, value in params.items()}
        b_values, b_item = pop_grad(b_values, mul)
        del mul
        values.pop()
        mul_before = _stack.pop()
        b_value1 = b_item * 0.5
        mul = mul_before
        keys.pop()
        b_params = item_add(b_params, params, name1, b_value1)
        name1_before = _stack.pop()
        name1 = name1_before
    return finish(b_params, params, False, (grad_ys,))
