def jvp_subtract_outer(A, B, tangents):
    t_A = tangents[0]
    t_B = tangents[1]
    # line 342: return np.subtract(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    t_reshape = np.reshape(t_A, np.shape(reshape))
    subtract = np.subtract(reshape, B)
    t_subtract = broadcast_like(t_reshape, subtract) - broadcast_like(t_B,
        subtract)
    return subtract, t_subtract


def jvp_add_outer(A, B, tangents):
    t_A = tangents[0]
    t_B = tangents[1]
    # line 337: return np.add(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    t_reshape = np.reshape(t_A, np.shape(reshape))
    add1 = np.add(reshape, B)
    t_add1 = broadcast_like(t_reshape, add1) + broadcast_like(t_B, add1)
    return add1, t_add1


def jvp_divide_outer(A, B, tangents):
    t_A = tangents[0]
    t_B = tangents[1]
    # line 347: return np.divide(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    t_reshape = np.reshape(t_A, np.shape(reshape))
    divide = np.divide(reshape, B)
    t_divide = broadcast_like(t_reshape / B, divide) - broadcast_like(t_B /
        B * divide, divide)
    return divide, t_divide


def jvp_maximum_outer(A, B, tangents):
    t_A = tangents[0]
    t_B = tangents[1]
    # line 357: return np.maximum(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    t_reshape = np.reshape(t_A, np.shape(reshape))
    maximum = np.maximum(reshape, B)
    t_maximum = broadcast_like(t_reshape * ((reshape > B) + 0.5 * (reshape ==
        B)), maximum) + broadcast_like(t_B * ((B > reshape) + 0.5 * (
        reshape == B)), maximum)
    return maximum, t_maximum


def jvp_power_outer(A, B, tangents):
    t_A = tangents[0]
    t_B = tangents[1]
    # line 352: return np.power(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)
    shape = np.shape(A)
    ndim = np.ndim(B)
    reshape = np.reshape(A, shape + (1,) * ndim)
    t_reshape = np.reshape(t_A, np.shape(reshape))
    power = np.power(reshape, B)
    t_power = broadcast_like(t_reshape * B * reshape ** np.where(B, B - 1, 
        1.0), power) + broadcast_like(t_B * power * np.log(np.where(reshape >
        0, reshape, 1.0)), power)
    return power, t_power


def jvp_outers_and_index_copies(x, tangents):
    t_x = tangents
    # line 812: d = np.subtract.outer(x, x[:2])
    t_x_i = tangents[:2]
    d, t_d = jvp_subtract_outer(x, x[:2], tangents=(tangents, t_x_i))
    # line 813: y = x[[0, 2]]
    items = [0, 2]
    y = x[items]
    t_y = tangents[items]
    # line 814: y[0] = 0.5
    y[0] = 0.5
    t_y = np.copy(t_y)
    t_y[0] = 0.0
    # line 815: z = x[x > 0.0]
    cmp = x > 0.0
    z = x[cmp]
    t_z = tangents[cmp]
    # line 816: z *= 2.0
    z = z * 2.0
    t_z = broadcast_like(t_z * 2.0, z)
    # line 817: p = dict(zip(["a", "b"], [x * 1.0, x * 3.0]))
    keys = []
    values = []
    t_values = []
    items1 = ['a', 'b']
    mul = x * 1.0
    t_mul = broadcast_like(tangents * 1.0, mul)
    mul1 = x * 3.0
    t_mul1 = broadcast_like(tangents * 3.0, mul1)
    items2 = [mul, mul1]
    t_items2 = [t_mul, t_mul1]
    n = len(items1)
    n1 = len(items2)
    min1 = min(n, n1)
    for k in range(min1):
        # line 817: p = dict(zip(["a", "b"], [x * 1.0, x * 3.0]))
        value = items2[k]
        t_value = item_grad(t_items2, k, value)
        keys.append(items1[k])
        values.append(value)
        t_values.append(t_value)
    # line 817: p = dict(zip(["a", "b"], [x * 1.0, x * 3.0]))
    p = dict_of(keys, values)
    t_p = dict_of(keys, t_values)
    # line 818: p["a"] += 1.0
    item = p['a']
    t_item = item_grad(t_p, 'a', item)
    add = item + 1.0
    t_add = broadcast_like(t_item, add)
    p['a'] = add
    t_p = item_clear(t_p, 'a')
    t_p['a'] = t_add
    # line 819: return (np.sum(d ** 2) + np.sum(np.add.outer(x, y) ** 2) * np.sum(
    t_pow1 = t_d * 2.0 * d
    sum1 = np.sum(d ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    outer, t_outer = jvp_add_outer(x, y, tangents=(t_x, t_y))
    t_pow2 = t_outer * 2.0 * outer
    sum2 = np.sum(outer ** 2)
    t_sum2 = np.sum(t_pow2, axis=None, keepdims=False)
    t_pow3 = t_x * 2.0 * x
    add1 = x ** 2 + 1.0
    t_add1 = broadcast_like(t_pow3, add1)
    outer1, t_outer1 = jvp_divide_outer(z, add1, tangents=(t_z, t_add1))
    sum3 = np.sum(outer1)
    t_sum3 = np.sum(t_outer1, axis=None, keepdims=False)
    mul2 = sum2 * sum3
    t_mul2 = broadcast_like(t_sum2 * sum3, mul2) + broadcast_like(sum2 *
        t_sum3, mul2)
    add2 = sum1 + mul2
    t_add2 = broadcast_like(t_sum1, add2) + broadcast_like(t_mul2, add2)
    sub = 0.1 - x
    t_sub = -broadcast_like(t_x, sub)
    outer2, t_outer2 = jvp_maximum_outer(x, sub, tangents=(t_x, t_sub))
    sum4 = np.sum(outer2)
    t_sum4 = np.sum(t_outer2, axis=None, keepdims=False)
    add3 = add2 + sum4
    t_add3 = broadcast_like(t_add2, add3) + broadcast_like(t_sum4, add3)
    t_pow4 = t_x * 2.0 * x
    t_x_i1 = t_x[:1]
    outer3, t_outer3 = jvp_power_outer(x ** 2, x[:1], tangents=(t_pow4, t_x_i1)
        )
    sum5 = np.sum(outer3)
    t_sum5 = np.sum(t_outer3, axis=None, keepdims=False)
    add4 = add3 + sum5
    t_add4 = broadcast_like(t_add3, add4) + broadcast_like(t_sum5, add4)
    a = p['a']
    t_a = item_grad(t_p, 'a', a)
    b = p['b']
    t_b = item_grad(t_p, 'b', b)
    mul3 = a * b
    t_mul3 = broadcast_like(t_a * b, mul3) + broadcast_like(a * t_b, mul3)
    sum6 = np.sum(mul3)
    t_sum6 = np.sum(t_mul3, axis=None, keepdims=False)
    add5 = add4 + sum6
    t_add5 = broadcast_like(t_add4, add5) + broadcast_like(t_sum6, add5)
    return add5, t_add5
