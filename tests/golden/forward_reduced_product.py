def jvp_reduced_product(x, tangents):
    t_x = tangents
    # line 788: p = functools.reduce(lambda acc, v: acc * np.cos(v), list(x), 1.0)
    items = list(x)
    t_items = sequence_tangent(tangents, x)
    acc1 = 1.0
    n = loop_len(items)
    t_acc1 = zeros_tree(acc1)
    for k in range(n):
        # line 788: p = functools.reduce(lambda acc, v: acc * np.cos(v), list(x), 1.0)
        item = items[k]
        t_item = item_grad(t_items, k, item)
        cos = np.cos(item)
        t_cos = -t_item * np.sin(item)
        _acc1_old = acc1
        acc1 = acc1 * cos
        t_acc1 = broadcast_like(t_acc1 * cos, acc1) + broadcast_like(
            _acc1_old * t_cos, acc1)
    # line 789: return p * np.sum(x)
    sum1 = np.sum(x)
    t_sum1 = np.sum(t_x, axis=None, keepdims=False)
    mul = acc1 * sum1
    t_mul = broadcast_like(t_acc1 * sum1, mul) + broadcast_like(acc1 *
        t_sum1, mul)
    return mul, t_mul
