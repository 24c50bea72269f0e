def grad_primal(K, c, q0, v0, dt, n, grad_ys=None):
    q = q0
    v = v0
    _n0 = len(range(n))
    _k0 = 0
    for i in range(n):
        _k0 += 1
        sub = -matmul_of(q, K) - int_mul(c, v)
        mul1 = 0.1 * q
        if _k0 == 1:
            _tape0 = tape_alloc(_n0, mul1)
        tape_put(_tape0, _k0 - 1, mul1)
        mul2 = mul1 * q
        if _k0 == 1:
            _tape1 = tape_alloc(_n0, mul2)
        tape_put(_tape1, _k0 - 1, mul2)
        acc = sub - mul2 * q
        if _k0 == 1:
            _tape2 = tape_alloc(_n0, q)
        tape_put(_tape2, _k0 - 1, q)
        q = int_add(q, int_mul(dt, v))
        if _k0 == 1:
            _tape3 = tape_alloc(_n0, v)
        tape_put(_tape3, _k0 - 1, v)
        v = v + dt * acc
    b_add = scalar_seed(grad_ys)
    b_v = mul_into(v, 2.0 * (0.5 * b_add))
    b_q = mul_into(q, 2.0 * b_add)
    b_K = zeros_like_of(K)
    b_c = zeros_like_of(c)
    _n1 = len(range(int_sub(n, 1), 0 - 1, -1))
    _k1 = 0
    for i in range(int_sub(n, 1), 0 - 1, -1):
        _k0 -= 1
        _k1 += 1
        v_before = tape_get(_tape3, _k0)
        b_mul3 = int_neg(dt) * b_v
        q_before = tape_get(_tape2, _k0)
        b_v = b_v + dt * b_q
        b_mul2 = b_mul3 * q_before
        b_q = b_q + mul2 * b_mul3
        mul2_before = tape_get_prev(_tape1, _k0)
        b_mul1 = b_mul2 * q_before
        b_q += mul_into(mul1, b_mul2)
        mul2 = mul2_before
        mul1_before = tape_get_prev(_tape0, _k0)
        b_q += mul_into(b_mul1, 0.1)
        mul1 = mul1_before
        _b_mul3_list_row = b_mul3
        if _k1 == 1:
            _b_mul3_list = tape_alloc(_n1, _b_mul3_list_row)
        tape_put(_b_mul3_list, _k1 - 1, _b_mul3_list_row)
        _v_before_list_row = v_before
        if _k1 == 1:
            _v_before_list = tape_alloc(_n1, _v_before_list_row)
        tape_put(_v_before_list, _k1 - 1, _v_before_list_row)
        b_v += c * b_mul3
        b_q += matmul_of(K, b_mul3)
        _q_before_list_row = q_before
        if _k1 == 1:
            _q_before_list = tape_alloc(_n1, _q_before_list_row)
        tape_put(_q_before_list, _k1 - 1, _q_before_list_row)
    if _k1 > 0:
        _b_mul3_stacked = _b_mul3_list
        b_c += sum_rows(_b_mul3_stacked * _v_before_list)
        b_K += matmul_of(_q_before_list.T, _b_mul3_stacked)
    return (finish(b_K, K), finish(b_c, c), finish(b_q, q0), finish(b_v, v0))
