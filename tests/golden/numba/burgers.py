def grad_primal(u0, nu, target, steps, grad_ys=None, DX=None, DT=None):
    _scr1 = np.empty((0, 0))
    u = u0
    _n0 = len(range(steps))
    _k0 = 0
    for t in range(steps):
        _k0 += 1
        un = u.copy()
        u_i = u[1:-1]
        u_i3 = u[:-2]
        if _k0 == 1:
            mul, sub, add = _fused0(u_i, DT, DX, u_i3, u, nu, un)
            _tape0 = tape_alloc(_n0, mul)
            tape_put(_tape0, _k0 - 1, mul)
            _tape1 = tape_alloc(_n0, sub)
            tape_put(_tape1, _k0 - 1, sub)
            _tape2 = tape_alloc(_n0, add)
            tape_put(_tape2, _k0 - 1, add)
        else:
            mul, sub, add = _fused0_rows(u_i, DT, DX, u_i3, u, nu, un, _tape0, _tape1, _tape2, _k0 - 1)
        if _k0 == 1:
            _tape3 = tape_alloc(_n0, u)
        tape_put(_tape3, _k0 - 1, u)
        u = un
    b_mul5 = scalar_seed(grad_ys)
    b_sub3 = b_mul5 * DX * 2.0 * int_sub(u, target)
    b_u = b_sub3
    b_nu = 0.0
    for t in range(int_sub(steps, 1), 0 - 1, -1):
        _k0 -= 1
        u_before = tape_get(_tape3, _k0)
        b_add1 = copy_of(b_u[1:-1])
        set_slice(b_u[1:-1], 0.0)
        b_u, b_nu, _scr1 = _fused1(DX, nu, DT, b_add1, add, b_u, u_before, b_nu, sub, mul, _scr1)
        add_before = tape_get_prev(_tape2, _k0)
        add = add_before
        sub_before = tape_get_prev(_tape1, _k0)
        sub = sub_before
        mul_before = tape_get_prev(_tape0, _k0)
        mul = mul_before
    return (finish(b_u, u0), finish(b_nu, nu))

def _fused0_arrays(u_i, DT, DX, u_i3, u, nu, un):
    mul = DT / DX * u_i
    sub = int_sub(u_i, u_i3)
    add = u[2:] - int_mul(2, u_i) + u_i3
    mul4 = int_mul(nu, DT) / power(DX, 2) * add
    set_slice(un[1:-1], u_i - mul * sub + mul4)
    return (mul, sub, add)

def _fused0_rows_arrays(u_i, DT, DX, u_i3, u, nu, un, _tape0, _tape1, _tape2, _row):
    mul = DT / DX * u_i
    sub = int_sub(u_i, u_i3)
    add = u[2:] - int_mul(2, u_i) + u_i3
    mul4 = int_mul(nu, DT) / power(DX, 2) * add
    set_slice(un[1:-1], u_i - mul * sub + mul4)
    tape_put(_tape0, _row, mul)
    tape_put(_tape1, _row, sub)
    tape_put(_tape2, _row, add)
    return (mul, sub, add)

def _fused1_arrays(DX, nu, DT, b_add1, add, b_u, u_before, b_nu, sub, mul, _scr1):
    pow11 = power(DX, 2)
    div11 = int_mul(nu, DT) / pow11
    b_div1 = unbroadcast(int_mul(b_add1, add), div11)
    b_add = div11 * b_add1
    b_u_i5 = -2 * b_add
    b_u = index_add(b_u, u_before, slice(2, None, None), b_add)
    b_nu = b_nu + b_div1 / pow11 * DT
    b_mul1 = int_neg(b_add1)
    b_mul = mul_into(sub, b_mul1)
    b_sub = mul_into(mul, b_mul1)
    b_u_i3 = int_neg(b_sub)
    b_u = index_add(b_u, u_before, slice(None, -2, None), b_add + b_u_i3)
    b_u_i1 = mul_into(b_mul, DT / DX)
    b_u = index_add(b_u, u_before, slice(1, -1, None), b_u_i5 + b_sub + b_u_i1 + b_add1)
    return (b_u, b_nu, _scr1)
