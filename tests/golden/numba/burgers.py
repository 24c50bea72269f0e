def grad_primal(u0, nu, target, steps, grad_ys=None, DX=None, DT=None):
    u = u0
    _n0 = len(range(steps))
    _k0 = 0
    for t in range(steps):
        _k0 += 1
        un = u.copy()
        if _k0 == 1:
            _tape0 = tape_alloc(_n0, un)
        tape_put(_tape0, _k0 - 1, un)
        u_i = u[1:-1]
        mul = DT / DX * u_i
        if _k0 == 1:
            _tape1 = tape_alloc(_n0, mul)
        tape_put(_tape1, _k0 - 1, mul)
        u_i3 = u[:-2]
        sub = u_i - u_i3
        if _k0 == 1:
            _tape2 = tape_alloc(_n0, sub)
        tape_put(_tape2, _k0 - 1, sub)
        mul1 = mul * sub
        if _k0 == 1:
            _tape3 = tape_alloc(_n0, mul1)
        tape_put(_tape3, _k0 - 1, mul1)
        sub1 = u_i - mul1
        if _k0 == 1:
            _tape4 = tape_alloc(_n0, sub1)
        tape_put(_tape4, _k0 - 1, sub1)
        mul3 = 2 * u_i
        if _k0 == 1:
            _tape5 = tape_alloc(_n0, mul3)
        tape_put(_tape5, _k0 - 1, mul3)
        sub2 = u[2:] - mul3
        if _k0 == 1:
            _tape6 = tape_alloc(_n0, sub2)
        tape_put(_tape6, _k0 - 1, sub2)
        add = sub2 + u_i3
        if _k0 == 1:
            _tape7 = tape_alloc(_n0, add)
        tape_put(_tape7, _k0 - 1, add)
        mul4 = nu * DT / DX ** 2 * add
        if _k0 == 1:
            _tape8 = tape_alloc(_n0, mul4)
        tape_put(_tape8, _k0 - 1, mul4)
        add1 = sub1 + mul4
        if _k0 == 1:
            _tape9 = tape_alloc(_n0, add1)
        tape_put(_tape9, _k0 - 1, add1)
        _saved1 = np.copy(un[1:-1])
        if _k0 == 1:
            _tape10 = tape_alloc(_n0, _saved1)
        tape_put(_tape10, _k0 - 1, _saved1)
        un[1:-1] = add1
        if _k0 == 1:
            _tape11 = tape_alloc(_n0, u)
        tape_put(_tape11, _k0 - 1, u)
        u = un
    b_mul5 = scalar_seed(grad_ys)
    b_sub3 = b_mul5 * DX * 2.0 * (u - target)
    b_u = b_sub3
    b_nu = 0.0
    for t in range(steps - 1, 0 - 1, -1):
        _k0 -= 1
        u_before = tape_get(_tape11, _k0)
        b_add1 = unbroadcast(np.copy(b_u[1:-1]), add1)
        b_un = np.asarray(b_u, dtype=np.float64).copy()
        b_un[1:-1] = 0.0
        _restored2 = tape_get(_tape10, _k0)
        un[1:-1] = _restored2
        add1_before = tape_get_prev(_tape9, _k0)
        b_sub1 = unbroadcast(b_add1, sub1)
        b_mul4 = unbroadcast(b_add1, mul4)
        add1 = add1_before
        pow11 = DX ** 2
        div11 = nu * DT / pow11
        mul4_before = tape_get_prev(_tape8, _k0)
        b_div1 = unbroadcast(b_mul4 * add, div11)
        b_add = div11 * b_mul4
        mul4 = mul4_before
        u_i61 = u_before[:-2]
        add_before = tape_get_prev(_tape7, _k0)
        b_sub2 = unbroadcast(b_add, sub2)
        b_u_i6 = unbroadcast(b_add, u_i61)
        add = add_before
        b_u = index_add(None, u_before, slice(None, -2, None), b_u_i6)
        u_i41 = u_before[2:]
        sub2_before = tape_get_prev(_tape6, _k0)
        b_u_i4 = unbroadcast(b_sub2, u_i41)
        b_mul3 = -unbroadcast(b_sub2, mul3)
        sub2 = sub2_before
        mul3_before = tape_get_prev(_tape5, _k0)
        b_u_i5 = 2 * b_mul3
        mul3 = mul3_before
        b_u = index_add(b_u, u_before, slice(1, -1, None), b_u_i5)
        b_u = index_add(b_u, u_before, slice(2, None, None), b_u_i4)
        b_nu = b_nu + b_div1 / pow11 * DT
        u_i7 = u_before[1:-1]
        sub1_before = tape_get_prev(_tape4, _k0)
        b_u_i = unbroadcast(b_sub1, u_i7)
        b_mul1 = -unbroadcast(b_sub1, mul1)
        sub1 = sub1_before
        mul1_before = tape_get_prev(_tape3, _k0)
        b_mul = unbroadcast(b_mul1 * sub, mul)
        b_sub = unbroadcast(mul * b_mul1, sub)
        mul1 = mul1_before
        u_i31 = u_before[:-2]
        sub_before = tape_get_prev(_tape2, _k0)
        b_u_i2 = unbroadcast(b_sub, u_i7)
        b_u_i3 = -unbroadcast(b_sub, u_i31)
        sub = sub_before
        b_u = index_add(b_u, u_before, slice(None, -2, None), b_u_i3)
        b_u = index_add(b_u, u_before, slice(1, -1, None), b_u_i2)
        mul_before = tape_get_prev(_tape1, _k0)
        b_u_i1 = DT / DX * b_mul
        mul = mul_before
        b_u = index_add(b_u, u_before, slice(1, -1, None), b_u_i1)
        b_u = index_add(b_u, u_before, slice(1, -1, None), b_u_i)
        un_before = tape_get_prev(_tape0, _k0)
        b_u += b_un
        un = un_before
    return (finish(b_u, u0), finish(b_nu, nu))
