def jvp_thomas_lists(a, b, c, d, tangents):
    t_a = tangents[0]
    t_b = tangents[1]
    t_c = tangents[2]
    t_d = tangents[3]
    n = len(d)
    # line 1010: cp = [0.0] * n
    items = [0.0]
    cp = repeat_sequence(items, n)
    # line 1011: dp = [0.0] * n
    items1 = [0.0]
    dp = repeat_sequence(items1, n)
    # line 1012: cp[0] = c[0] / b[0]
    b_i = b[0]
    t_b_i = t_b[0]
    div = c[0] / b_i
    t_div = broadcast_like(t_c[0] / b_i, div) - broadcast_like(t_b_i / b_i *
        div, div)
    cp[0] = div
    t_cp = zeros_tree(cp)
    t_cp[0] = t_div
    # line 1013: dp[0] = d[0] / b[0]
    div1 = d[0] / b_i
    t_div1 = broadcast_like(t_d[0] / b_i, div1) - broadcast_like(t_b_i /
        b_i * div1, div1)
    dp[0] = div1
    t_dp = zeros_tree(dp)
    t_dp[0] = t_div1
    for i in range(1, n):
        # line 1015: m = b[i] - a[i] * cp[i - 1]
        a_i = a[i]
        t_a_i = t_a[i]
        sub = i - 1
        cp_i = cp[sub]
        t_cp_i = item_grad(t_cp, sub, cp_i)
        mul = a_i * cp_i
        t_mul = broadcast_like(t_a_i * cp_i, mul) + broadcast_like(a_i *
            t_cp_i, mul)
        m = b[i] - mul
        t_m = broadcast_like(t_b[i], m) - broadcast_like(t_mul, m)
        # line 1016: cp[i] = c[i] / m
        div2 = c[i] / m
        t_div2 = broadcast_like(t_c[i] / m, div2) - broadcast_like(t_m / m *
            div2, div2)
        cp[i] = div2
        t_cp[i] = t_div2
        # line 1017: dp[i] = (d[i] - a[i] * dp[i - 1]) / m
        dp_i = dp[sub]
        t_dp_i = item_grad(t_dp, sub, dp_i)
        mul1 = a_i * dp_i
        t_mul1 = broadcast_like(t_a_i * dp_i, mul1) + broadcast_like(a_i *
            t_dp_i, mul1)
        sub2 = d[i] - mul1
        t_sub2 = broadcast_like(t_d[i], sub2) - broadcast_like(t_mul1, sub2)
        div3 = sub2 / m
        t_div3 = broadcast_like(t_sub2 / m, div3) - broadcast_like(t_m / m *
            div3, div3)
        dp[i] = div3
        t_dp[i] = t_div3
    # line 1018: x = [0.0] * n
    items2 = [0.0]
    x = repeat_sequence(items2, n)
    # line 1019: x[n - 1] = dp[n - 1]
    sub3 = n - 1
    dp_i1 = dp[sub3]
    t_dp_i1 = item_grad(t_dp, sub3, dp_i1)
    x[sub3] = dp_i1
    t_x = zeros_tree(x)
    t_x[sub3] = t_dp_i1
    sub5 = n - 2
    for i in range(sub5, -1, -1):
        # line 1021: x[i] = dp[i] - cp[i] * x[i + 1]
        dp_i2 = dp[i]
        t_dp_i2 = item_grad(t_dp, i, dp_i2)
        cp_i1 = cp[i]
        t_cp_i1 = item_grad(t_cp, i, cp_i1)
        add = i + 1
        x_i = x[add]
        t_x_i = item_grad(t_x, add, x_i)
        mul2 = cp_i1 * x_i
        t_mul2 = broadcast_like(t_cp_i1 * x_i, mul2) + broadcast_like(cp_i1 *
            t_x_i, mul2)
        sub6 = dp_i2 - mul2
        t_sub6 = broadcast_like(t_dp_i2, sub6) - broadcast_like(t_mul2, sub6)
        x[i] = sub6
        t_x[i] = t_sub6
    # line 1022: return np.sum(np.array(x) ** 2)
    array = np.array(x)
    t_array = stack_tangents(filled(t_x, x), x)
    t_pow1 = t_array * 2.0 * array
    sum1 = np.sum(array ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    return sum1, t_sum1
