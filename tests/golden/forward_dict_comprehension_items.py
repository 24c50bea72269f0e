def jvp_dict_comprehension_items(params, x, tangents):
    t_params = tangents
    # line 696: scaled = {name: value * 0.5 for name, value in params.items()}
    keys = []
    values = []
    t_values = []
    key_list1 = key_list(params)
    n = len(key_list1)
    for k in range(n):
        # line 696: scaled = {name: value * 0.5 for name, value in params.items()}
        name1 = key_list1[k]
        value1 = params[name1]
        t_value1 = item_grad(t_params, name1, value1)
        keys.append(name1)
        mul = value1 * 0.5
        t_mul = broadcast_like(t_value1 * 0.5, mul)
        values.append(mul)
        t_values.append(t_mul)
    # line 696: scaled = {name: value * 0.5 for name, value in params.items()}
    scaled = dict_of(keys, values)
    t_scaled = dict_of(keys, t_values)
    # line 697: h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
    W = scaled['W']
    t_W = item_grad(t_scaled, 'W', W)
    matmul = x @ W
    t_matmul = x @ t_W
    cmp = 'b' in scaled
    if cmp:
        # line 697: h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
        got = scaled['b']
        t_got = item_grad(t_scaled, 'b', got)
    else:
        # line 697: h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
        got = 0.0
        t_got = zeros_tree(got)
    # line 697: h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
    add = matmul + got
    t_add = broadcast_like(t_matmul, add) + broadcast_like(t_got, add)
    h = np.tanh(add)
    t_h = t_add * (1.0 - h * h)
    penalty = 0.0
    # line 699: for name, value in params.items():
    key_list2 = key_list(params)
    n1 = len(key_list2)
    t_penalty = zeros_tree(penalty)
    for k1 in range(n1):
        # line 699: for name, value in params.items():
        name = key_list2[k1]
        value = params[name]
        t_value = item_grad(t_params, name, value)
        # line 700: penalty = penalty + np.sum(value ** 2)
        t_pow1 = t_value * 2.0 * value
        sum1 = np.sum(value ** 2)
        t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
        penalty = penalty + sum1
        t_penalty = broadcast_like(t_penalty, penalty) + broadcast_like(t_sum1,
            penalty)
    # line 701: return np.sum(h ** 2) + 0.01 * penalty
    t_pow2 = t_h * 2.0 * h
    sum2 = np.sum(h ** 2)
    t_sum2 = np.sum(t_pow2, axis=None, keepdims=False)
    mul1 = 0.01 * penalty
    t_mul1 = broadcast_like(0.01 * t_penalty, mul1)
    add1 = sum2 + mul1
    t_add1 = broadcast_like(t_sum2, add1) + broadcast_like(t_mul1, add1)
    return add1, t_add1
