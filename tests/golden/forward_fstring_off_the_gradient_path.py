def jvp_fstring_off_the_gradient_path(x, tangents):
    t_x = tangents
    n = len(x)
    label = f'norm of {n} entries'
    # line 708: parts = {f"x{i}": x[i] for i in range(len(x))}
    keys = []
    values = []
    t_values = []
    n1 = len(x)
    for i1 in range(n1):
        # line 708: parts = {f"x{i}": x[i] for i in range(len(x))}
        keys.append(f'x{i1}')
        values.append(x[i1])
        t_values.append(t_x[i1])
    # line 708: parts = {f"x{i}": x[i] for i in range(len(x))}
    parts = dict_of(keys, values)
    t_parts = dict_of(keys, t_values)
    total = 0.0
    n2 = len(x)
    t_total = zeros_tree(total)
    for i in range(n2):
        # line 711: total = total + parts[f"x{i}"] ** 2
        t1 = f'x{i}'
        parts_i = parts[t1]
        t_parts_i = item_grad(t_parts, t1, parts_i)
        t_pow1 = t_parts_i * 2.0 * parts_i
        total = total + parts_i ** 2
        t_total = broadcast_like(t_total, total) + broadcast_like(t_pow1, total
            )
    cmp = total < 0.0
    if cmp:
        raise ValueError(f'{label}: negative {total:.3f}')
    # line 714: return math.sqrt(total)
    sqrt = math.sqrt(total)
    t_sqrt = t_total * (0.5 / sqrt if sqrt else math.inf)
    return sqrt, t_sqrt
