def grad_dict_built_by_stores(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    feats_i = None
    item_i = None
    k = None
    lin = None
    mul1 = None
    tanh = None
    feats = {}
    mul = x * 2.0
    feats['lin'] = mul
    n = len(x)
    for i in range(n):
        _stack.append(tanh)
        tanh = np.tanh(x[i])
        _stack.append(lin)
        lin = feats['lin']
        _stack.append(item_i)
        item_i = lin[i]
        _stack.append(mul1)
        mul1 = tanh * item_i
        _stack.append(item_saved(feats, i))
        feats[i] = mul1
    key_list1 = key_list(feats)
    n1 = len(key_list1)
    for k1 in range(n1):
        _stack.append(k)
        k = key_list1[k1]
        _stack.append(feats_i)
        feats_i = feats[k]
    # seed: the gradient of the sum of the outputs
    b_total = scalar_seed(grad_ys)
    # adjoint of line 155: for k in feats:
    b_feats = zeros_tree(feats)
    # computed once for the loop below
    loop_invariant = b_total * 2.0
    for k1 in reversed(range(n1)):
        # adjoint of line 156: total = total + np.sum(feats[k] ** 2)
        b_feats_i = loop_invariant * feats_i
        feats_i_before = _stack.pop()
        b_feats = item_add(b_feats, feats, k, b_feats_i)
        feats_i = feats_i_before
        k_before = _stack.pop()
        k = k_before
    # adjoint of line 152: for i in range(len(x)):
    b_x = np.zeros_like(x)
    for i in reversed(range(n)):
        # adjoint of line 153: feats[i] = np.tanh(x[i]) * feats["lin"][i]
        b_mul1 = item_grad(b_feats, i, mul1)
        del mul1
        b_feats = item_clear(b_feats, i)
        item_restore(feats, i, _stack.pop())
        mul1_before = _stack.pop()
        b_tanh = sum_product(b_mul1, item_i, tanh)
        b_item_i = mul_into(b_mul1, tanh)
        del b_mul1
        mul1 = mul1_before
        item_i_before = _stack.pop()
        b_lin = item_add(None, lin, i, b_item_i)
        item_i = item_i_before
        lin_before = _stack.pop()
        b_feats = item_add(b_feats, feats, 'lin', b_lin)
        lin = lin_before
        tanh_before = _stack.pop()
        b_x_i = b_tanh * (1.0 - tanh * tanh)
        tanh = tanh_before
        b_x[i] += b_x_i
    # adjoint of line 151: feats["lin"] = x * 2.0
    b_mul = item_grad(b_feats, 'lin', mul)
    del mul
    b_feats = item_clear(b_feats, 'lin')
    b_x += mul_into(b_mul, 2.0)
    return finish(b_x, x)
