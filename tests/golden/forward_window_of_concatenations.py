def jvp_window_of_concatenations(x, s, tangents):
    t_x = tangents[0]
    t_s = tangents[1]
    # line 608: w = [s, 0.5, x[0]]
    w = [s, 0.5, x[0]]
    t_w = [t_s, None, t_x[0]]
    n = len(x)
    for j in range(n):
        # line 610: w = w[1:] + [math.tanh(x[j] * w[j % len(w)])]
        w_i = w[1:]
        t_w_i = item_grad(t_w, slice(1, None, None), w_i)
        x_i1 = x[j]
        n1 = len(w)
        mod = j % n1
        w_i1 = w[mod]
        t_w_i1 = item_grad(t_w, mod, w_i1)
        mul = x_i1 * w_i1
        t_mul = broadcast_like(t_x[j] * w_i1, mul) + broadcast_like(x_i1 *
            t_w_i1, mul)
        tanh = math.tanh(mul)
        items = [tanh]
        t_items = [t_mul * (1.0 - tanh * tanh)]
        w = concat_sequences(w_i, items)
        t_w = add_tree(sequence_padded_tangent(t_w_i, w_i, 0, len(items)),
            sequence_padded_tangent(t_items, items, len(w_i), 0))
    # line 611: t = tuple(w) + (s * s,)
    tuple1 = tuple(w)
    t_tuple1 = sequence_tangent(t_w, w)
    mul1 = s * s
    t_mul1 = 2.0 * broadcast_like(t_s * s, mul1)
    items1 = mul1,
    t_items1 = t_mul1,
    t = concat_sequences(tuple1, items1)
    t_t = add_tree(sequence_padded_tangent(t_tuple1, tuple1, 0, len(items1)
        ), sequence_padded_tangent(t_items1, items1, len(tuple1), 0))
    # line 612: return sum(w) * s + t[0] * t[-1]
    sum1 = sum(w)
    t_sum1 = broadcast_like(sum(fill_zeros(t_w, w)), sum1)
    mul2 = sum1 * s
    t_mul2 = broadcast_like(t_sum1 * s, mul2) + broadcast_like(sum1 * t_s, mul2
        )
    t_i = t[0]
    t_t_i = item_grad(t_t, 0, t_i)
    t_i1 = t[-1]
    t_t_i1 = item_grad(t_t, -1, t_i1)
    mul3 = t_i * t_i1
    t_mul3 = broadcast_like(t_t_i * t_i1, mul3) + broadcast_like(t_i *
        t_t_i1, mul3)
    add = mul2 + mul3
    t_add = broadcast_like(t_mul2, add) + broadcast_like(t_mul3, add)
    return add, t_add
