def grad_primal(K, c, q0, v0, dt, n, grad_ys=None):
    _tape0 = []
    _tape1 = []
    _tape2 = []
    _tape3 = []
    q = q0
    v = v0
    for i in range(n):
        sub = -(q @ K) - c * v
        mul1 = 0.1 * q
        _tape0.append(mul1)
        mul2 = mul1 * q
        _tape1.append(mul2)
        acc = sub - mul2 * q
        _tape2.append(q)
        q = q + dt * v
        _tape3.append(v)
        v = v + dt * acc
    b_add = scalar_seed(grad_ys)
    b_v = mul_into(v, 2.0 * (0.5 * b_add))
    b_q = mul_into(q, 2.0 * b_add)
    b_K = np.zeros_like(K)
    b_c = np.zeros_like(c)
    _b_mul3_list = []
    _v_before_list = []
    _q_before_list = []
    for i in range(n - 1, 0 - 1, -1):
        v_before = _tape3.pop()
        b_mul3 = -dt * b_v
        q_before = _tape2.pop()
        b_v = b_v + dt * b_q
        b_mul2 = b_mul3 * q_before
        b_q = b_q + mul2 * b_mul3
        mul2_before = tape_pop_prev(_tape1)
        b_mul1 = b_mul2 * q_before
        b_q += mul1 * b_mul2
        mul2 = mul2_before
        mul1_before = tape_pop_prev(_tape0)
        b_q += 0.1 * b_mul1
        mul1 = mul1_before
        _b_mul3_list.append(b_mul3)
        _v_before_list.append(v_before)
        b_v += c * b_mul3
        b_q += K @ b_mul3
        _q_before_list.append(q_before)
    if _b_mul3_list:
        _b_mul3_stacked = stack_rows(_b_mul3_list)
        b_c += np.sum(_b_mul3_stacked * stack_rows(_v_before_list), axis=0)
        b_K += stack_rows(_q_before_list).T @ _b_mul3_stacked
    return (finish(b_K, K), finish(b_c, c), finish(b_q, q0), finish(b_v, v0))
