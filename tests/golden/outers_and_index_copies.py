def grad_power_outer(A, B, grad_ys=None):
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    power = np.power(reshape, B)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 352: return np.power(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    b_reshape = unbroadcast(grad_ys * B * reshape ** np.where(B, B - 1, 1.0
        ), reshape)
    b_B = unbroadcast(grad_ys * power * np.log(np.where(reshape > 0,
        reshape, 1.0)), B)
    del power, reshape
    b_A = np.reshape(b_reshape, np.shape(A))
    return b_A, b_B


def grad_maximum_outer(A, B, grad_ys=None):
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    check_broadcast(reshape, B)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 357: return np.maximum(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    b_reshape = unbroadcast(grad_ys * ((reshape > B) + 0.5 * (reshape == B)
        ), reshape)
    b_B = unbroadcast(grad_ys * ((B > reshape) + 0.5 * (reshape == B)), B)
    del reshape
    b_A = np.reshape(b_reshape, np.shape(A))
    return b_A, b_B


def grad_divide_outer(A, B, grad_ys=None):
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    divide = np.divide(reshape, B)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 347: return np.divide(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    b_reshape = unbroadcast(grad_ys / B, reshape)
    del reshape
    b_B = -unbroadcast(grad_ys / B * divide, B)
    del divide
    b_A = np.reshape(b_reshape, np.shape(A))
    return b_A, b_B


def grad_add_outer(A, B, grad_ys=None):
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    check_broadcast(reshape, B)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 337: return np.add(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    b_reshape = unbroadcast(grad_ys, reshape)
    del reshape
    b_B = unbroadcast(grad_ys, B)
    b_A = np.reshape(b_reshape, np.shape(A))
    return b_A, b_B


def grad_subtract_outer(A, B, grad_ys=None):
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    check_broadcast(reshape, B)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 342: return np.subtract(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    b_reshape = unbroadcast(grad_ys, reshape)
    del reshape
    b_B = -unbroadcast(grad_ys, B)
    b_A = np.reshape(b_reshape, np.shape(A))
    return b_A, b_B


def grad_outers_and_index_copies(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    value = None
    x_i = x[:2]
    d = subtract_outer(x, x_i)
    items = [0, 2]
    y = x[items]
    _y_saved = np.copy(y[0])
    y[0] = 0.5
    cmp = x > 0.0
    z = x[cmp] * 2.0
    keys = []
    values = []
    items1 = ['a', 'b']
    mul = x * 1.0
    mul1 = x * 3.0
    items2 = [mul, mul1]
    n = len(items1)
    n1 = len(items2)
    min1 = min(n, n1)
    for k in range(min1):
        _stack.append(value)
        value = items2[k]
        keys.append(items1[k])
        values.append(value)
    p = dict_of(keys, values)
    add = p['a'] + 1.0
    _p_saved = item_saved(p, 'a')
    p['a'] = add
    outer = add_outer(x, y)
    sum2 = np.sum(outer ** 2)
    add1 = x ** 2 + 1.0
    outer1 = divide_outer(z, add1)
    sum3 = np.sum(outer1)
    sub = 0.1 - x
    outer2 = maximum_outer(x, sub)
    pow4 = x ** 2
    x_i1 = x[:1]
    outer3 = power_outer(pow4, x_i1)
    a = p['a']
    b = p['b']
    mul3 = a * b
    # seed: the gradient of the sum of the outputs
    b_add5 = scalar_seed(grad_ys)
    # adjoint of line 819: return (np.sum(d ** 2) + np.sum(np.add.outer(x, y) ** 2) * np.sum(
    b_mul3 = spread(b_add5, mul3)
    del mul3
    b_a = unbroadcast(b_mul3 * b, a)
    b_b = unbroadcast(a * b_mul3, b)
    del b_mul3
    b_p = item_add(None, p, 'b', b_b)
    b_p = item_add(b_p, p, 'a', b_a)
    b_outer3 = spread(b_add5, outer3)
    del outer3
    b_power_outer_args = grad_power_outer(pow4, x_i1, grad_ys=b_outer3)
    del b_outer3, pow4, x_i1
    b_pow4 = b_power_outer_args[0]
    b_x_i1 = b_power_outer_args[1]
    del b_power_outer_args
    b_x = index_add(None, x, slice(None, 1, None), b_x_i1)
    del b_x_i1
    b_x += b_pow4 * 2.0 * x
    del b_pow4
    b_outer2 = spread(b_add5, outer2)
    del outer2
    b_maximum_outer_args = grad_maximum_outer(x, sub, grad_ys=b_outer2)
    del b_outer2, sub
    b_x += b_maximum_outer_args[0]
    b_sub = b_maximum_outer_args[1]
    del b_maximum_outer_args
    b_x -= b_sub
    del b_sub
    b_outer1 = spread(sum2 * b_add5, outer1)
    del outer1
    b_divide_outer_args = grad_divide_outer(z, add1, grad_ys=b_outer1)
    del add1, b_outer1, z
    b_z = b_divide_outer_args[0]
    b_add1 = b_divide_outer_args[1]
    del b_divide_outer_args
    b_x += b_add1 * 2.0 * x
    del b_add1
    b_outer = mul_into(outer, b_add5 * sum3 * 2.0)
    del outer
    b_add_outer_args = grad_add_outer(x, y, grad_ys=b_outer)
    del b_outer
    b_x += b_add_outer_args[0]
    b_y = b_add_outer_args[1]
    del b_add_outer_args
    b_d = mul_into(d, b_add5 * 2.0)
    del d
    # adjoint of line 818: p["a"] += 1.0
    b_add = item_grad(b_p, 'a', add)
    del add
    b_p = item_clear(b_p, 'a')
    item_restore(p, 'a', _p_saved)
    b_p = item_add(b_p, p, 'a', b_add)
    del b_add
    # adjoint of line 817: p = dict(zip(["a", "b"], [x * 1.0, x * 3.0]))
    b_values = dict_of_grad(b_p, keys)
    # adjoint of line 817: p = dict(zip(["a", "b"], [x * 1.0, x * 3.0]))
    b_items2 = zeros_tree(items2)
    for k in reversed(range(min1)):
        # adjoint of line 817: p = dict(zip(["a", "b"], [x * 1.0, x * 3.0]))
        b_values, b_item1 = pop_grad(b_values, value)
        del value
        values.pop()
        keys.pop()
        value_before = _stack.pop()
        b_items2 = item_add(b_items2, items2, k, b_item1)
        value = value_before
    # adjoint of line 817: p = dict(zip(["a", "b"], [x * 1.0, x * 3.0]))
    b_mul = item_grad(b_items2, 0, mul)
    del mul
    b_mul1 = item_grad(b_items2, 1, mul1)
    del mul1
    b_x += mul_into(b_mul1, 3.0)
    del b_mul1
    b_x += mul_into(b_mul, 1.0)
    del b_mul
    # adjoint of line 816: z *= 2.0
    b_z = mul_into(b_z, 2.0)
    # adjoint of line 815: z = x[x > 0.0]
    b_x = index_add(b_x, x, cmp, b_z)
    del b_z
    # adjoint of line 814: y[0] = 0.5
    b_y = np.array(b_y, dtype=float)
    b_y[0] = 0.0
    y[0] = _y_saved
    del y
    # adjoint of line 813: y = x[[0, 2]]
    b_x = index_add(b_x, x, items, b_y)
    del b_y
    # adjoint of line 812: d = np.subtract.outer(x, x[:2])
    b_subtract_outer_args = grad_subtract_outer(x, x_i, grad_ys=b_d)
    del b_d, x_i
    b_x += b_subtract_outer_args[0]
    b_x_i = b_subtract_outer_args[1]
    del b_subtract_outer_args
    b_x[:2] += b_x_i
    return finish(b_x, x)
