def grad_starred_targets(v, grad_ys=None):
    unpacked1 = unpacked(v, 1, True)
    first = v[0]
    part = v[1:]
    rest = list(part)
    v_i = v[0]
    mul = v[1] * 2.0
    v_i2 = v[2]
    pow1 = v_i2 ** 2
    v_i3 = v[3]
    items = [v_i, mul, pow1, v_i3]
    unpacked2 = unpacked(items, 2, True)
    a = items[0]
    part1 = items[1:-1]
    mid = list(part1)
    z = items[-1]
    array = np.array(rest)
    sum1 = np.sum(array ** 2)
    add = first * sum1 + a * z
    sum2 = sum(mid)
    mid_i = mid[0]
    # seed: the gradient of the sum of the outputs
    b_add1 = seed(grad_ys, add + sum2 * mid_i)
    # adjoint of line 269: return first * np.sum(np.array(rest) ** 2) + a * z + sum(mid) * mid[0]
    b_add = unbroadcast(b_add1, add)
    b_sum2 = unbroadcast(b_add1 * mid_i, sum2)
    b_mid_i = unbroadcast(sum2 * b_add1, mid_i)
    del b_add1, sum2
    b_mid = item_add(None, mid, 0, b_mid_i)
    b_mid = add_tree(b_mid, sum_of_items_grad(b_sum2, mid))
    del b_sum2
    b_a = b_add * z
    b_z = a * b_add
    b_first = b_add * sum1
    b_array = mul_into(array, first * b_add * 2.0)
    del array
    b_rest = unstack_like(b_array, rest)
    del b_array
    # adjoint of line 268: a, *mid, z = [v[0], v[1] * 2.0, v[2] ** 2, v[3]]
    b_items = item_add(None, items, -1, b_z)
    b_part1 = sequence_grad(b_mid, part1)
    b_items = item_add(b_items, items, slice(1, -1, None), b_part1)
    b_items = item_add(b_items, items, 0, b_a)
    b_v_i = item_grad(b_items, 0, v_i)
    b_mul = item_grad(b_items, 1, mul)
    b_pow1 = item_grad(b_items, 2, pow1)
    b_v_i3 = item_grad(b_items, 3, v_i3)
    b_v = index_add(None, v, 3, b_v_i3)
    b_v[2] += b_pow1 * 2.0 * v_i2
    b_v[1] += b_mul * 2.0
    # adjoint of line 267: first, *rest = v
    b_part = sequence_grad(b_rest, part)
    del part
    b_v[1:] += b_part
    del b_part
    b_v[0] += b_v_i + b_first
    return finish(b_v, v)
