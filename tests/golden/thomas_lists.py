def grad_thomas_lists(a, b, c, d, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    cp_i = None
    cp_i1 = None
    div2 = None
    div3 = None
    dp_i = None
    dp_i2 = None
    m = None
    mul2 = None
    sub2 = None
    sub6 = None
    x_i = None
    n = len(d)
    items = [0.0]
    cp = repeat_sequence(items, n)
    items1 = [0.0]
    dp = repeat_sequence(items1, n)
    b_i = b[0]
    div = c[0] / b_i
    _cp_saved = item_saved(cp, 0)
    cp[0] = div
    b_i1 = b_i
    div1 = d[0] / b_i
    _dp_saved = item_saved(dp, 0)
    dp[0] = div1
    for i in range(1, n):
        _stack.append(cp_i)
        cp_i = cp[i - 1]
        _stack.append(m)
        m = b[i] - a[i] * cp_i
        _stack.append(div2)
        div2 = c[i] / m
        _stack.append(item_saved(cp, i))
        cp[i] = div2
        _stack.append(dp_i)
        dp_i = dp[i - 1]
        _stack.append(shape_only(sub2))
        sub2 = d[i] - a[i] * dp_i
        _stack.append(div3)
        div3 = sub2 / m
        _stack.append(item_saved(dp, i))
        dp[i] = div3
    items2 = [0.0]
    x = repeat_sequence(items2, n)
    sub3 = n - 1
    sub4 = n - 1
    dp_i1 = dp[sub4]
    _x_saved = item_saved(x, sub3)
    x[sub3] = dp_i1
    sub5 = n - 2
    for i in range(sub5, -1, -1):
        _stack.append(shape_only(dp_i2))
        dp_i2 = dp[i]
        _stack.append(cp_i1)
        cp_i1 = cp[i]
        _stack.append(x_i)
        x_i = x[i + 1]
        _stack.append(shape_only(mul2))
        mul2 = cp_i1 * x_i
        _stack.append(sub6)
        sub6 = dp_i2 - mul2
        _stack.append(item_saved(x, i))
        x[i] = sub6
    array = np.array(x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 1022: return np.sum(np.array(x) ** 2)
    b_array = mul_into(array, b_sum1 * 2.0)
    del array
    b_x = unstack_like(b_array, x)
    del b_array
    # adjoint of line 1020: for i in range(n - 2, -1, -1):
    b_cp = zeros_tree(cp)
    b_dp = zeros_tree(dp)
    for i in reversed(range(sub5, -1, -1)):
        # adjoint of line 1021: x[i] = dp[i] - cp[i] * x[i + 1]
        b_sub6 = item_grad(b_x, i, sub6)
        del sub6
        b_x = item_clear(b_x, i)
        item_restore(x, i, _stack.pop())
        sub6_before = _stack.pop()
        b_dp_i2 = unbroadcast(b_sub6, dp_i2)
        b_mul2 = -unbroadcast(b_sub6, mul2)
        del b_sub6, mul2
        sub6 = sub6_before
        mul2_before = _stack.pop()
        b_cp_i1 = unbroadcast(b_mul2 * x_i, cp_i1)
        b_x_i = unbroadcast(cp_i1 * b_mul2, x_i)
        del b_mul2
        mul2 = mul2_before
        x_i_before = _stack.pop()
        b_x = item_add(b_x, x, i + 1, b_x_i)
        x_i = x_i_before
        cp_i1_before = _stack.pop()
        b_cp = item_add(b_cp, cp, i, b_cp_i1)
        cp_i1 = cp_i1_before
        dp_i2_before = _stack.pop()
        b_dp = item_add(b_dp, dp, i, b_dp_i2)
        dp_i2 = dp_i2_before
    # adjoint of line 1019: x[n - 1] = dp[n - 1]
    b_dp_i1 = item_grad(b_x, sub3, dp_i1)
    b_x = item_clear(b_x, sub3)
    item_restore(x, sub3, _x_saved)
    b_dp = item_add(b_dp, dp, sub4, b_dp_i1)
    # adjoint of line 1014: for i in range(1, n):
    b_a = np.zeros_like(a)
    b_b = np.zeros_like(b)
    b_c = np.zeros_like(c)
    b_d = np.zeros_like(d)
    for i in reversed(range(1, n)):
        # adjoint of line 1017: dp[i] = (d[i] - a[i] * dp[i - 1]) / m
        b_div3 = item_grad(b_dp, i, div3)
        b_dp = item_clear(b_dp, i)
        item_restore(dp, i, _stack.pop())
        div3_before = _stack.pop()
        b_sub2 = unbroadcast(b_div3 / m, sub2)
        del sub2
        b_m = -unbroadcast(b_div3 / m * div3, m)
        del b_div3, div3
        div3 = div3_before
        d_i11 = d[i]
        sub2_before = _stack.pop()
        b_d_i1 = unbroadcast(b_sub2, d_i11)
        b_mul1 = -b_sub2
        del b_sub2
        sub2 = sub2_before
        a_i11 = a[i]
        b_a_i1 = unbroadcast(b_mul1 * dp_i, a_i11)
        b_dp_i = mul_into(b_mul1, a_i11)
        del b_mul1
        dp_i_before = _stack.pop()
        b_dp = item_add(b_dp, dp, i - 1, b_dp_i)
        dp_i = dp_i_before
        b_a[i] += b_a_i1
        b_d[i] += b_d_i1
        # adjoint of line 1016: cp[i] = c[i] / m
        b_div2 = item_grad(b_cp, i, div2)
        b_cp = item_clear(b_cp, i)
        item_restore(cp, i, _stack.pop())
        c_i11 = c[i]
        div2_before = _stack.pop()
        b_c_i1 = unbroadcast(b_div2 / m, c_i11)
        b_m -= mul_into(div2, b_div2 / m)
        del b_div2, div2, m
        div2 = div2_before
        b_c[i] += b_c_i1
        # adjoint of line 1015: m = b[i] - a[i] * cp[i - 1]
        b_i21 = b[i]
        m_before = _stack.pop()
        b_b_i2 = unbroadcast(b_m, b_i21)
        b_mul = -b_m
        del b_m
        m = m_before
        a_i2 = a[i]
        b_a_i = unbroadcast(b_mul * cp_i, a_i2)
        b_cp_i = mul_into(b_mul, a_i2)
        del b_mul
        cp_i_before = _stack.pop()
        b_cp = item_add(b_cp, cp, i - 1, b_cp_i)
        cp_i = cp_i_before
        b_a[i] += b_a_i
        b_b[i] += b_b_i2
    # adjoint of line 1013: dp[0] = d[0] / b[0]
    b_div1 = item_grad(b_dp, 0, div1)
    b_dp = item_clear(b_dp, 0)
    item_restore(dp, 0, _dp_saved)
    b_d_i = b_div1 / b_i1
    b_d[0] += b_d_i
    # adjoint of line 1012: cp[0] = c[0] / b[0]
    b_div = item_grad(b_cp, 0, div)
    b_cp = item_clear(b_cp, 0)
    item_restore(cp, 0, _cp_saved)
    b_c_i = b_div / b_i
    b_b[0] += -b_d_i * div1 + -b_c_i * div
    b_c[0] += b_c_i
    return finish(b_a, a), finish(b_b, b), finish(b_c, c), finish(b_d, d)
