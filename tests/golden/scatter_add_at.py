def grad_scatter_add_at(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    added = None
    items3 = None
    mul = None
    m = np.zeros((3, 3))
    items1 = [0, 2, 0]
    items2 = [1, 1, 1]
    rows = items1
    cols = items2
    for k in range(2):
        _stack.append(items3)
        items3 = rows, cols
        _stack.append(mul)
        mul = x * (k + 1.0)
        _stack.append(added)
        added = add_at(m, items3, mul)
        _stack.append(np.copy(m[...]))
        m[...] = added
    x_i = x[0]
    pow1 = x_i ** 2
    added1 = add_at(m, 2, pow1)
    _m_saved = np.copy(m[...])
    m[...] = added1
    outer = np.outer(x, x)
    mul1 = m * outer
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 391: return np.sum(m * np.outer(x, x))
    b_mul1 = spread(b_sum1, mul1)
    del mul1
    b_m = b_mul1 * outer
    b_outer = unbroadcast(m * b_mul1, outer)
    del b_mul1, outer
    b_x = b_outer @ x + x @ b_outer
    del b_outer
    # adjoint of line 390: np.add.at(m, 2, x[0] ** 2)
    b_added1 = unbroadcast(np.copy(b_m[...]), added1)
    del added1
    b_m[...] = 0.0
    m[...] = _m_saved
    b_m += b_added1
    b_pow1 = unbroadcast(b_added1[2], pow1)
    del b_added1
    b_x[0] += b_pow1 * 2.0 * x_i
    # adjoint of line 388: for k in range(2):
    for k in reversed(range(2)):
        # adjoint of line 389: np.add.at(m, (rows, cols), x * (k + 1.0))
        b_added = unbroadcast(np.copy(b_m[...]), added)
        del added
        b_m[...] = 0.0
        m[...] = _stack.pop()
        added_before = _stack.pop()
        b_m += b_added
        b_mul = unbroadcast(b_added[items3], mul)
        del b_added, mul
        added = added_before
        mul_before = _stack.pop()
        b_x += mul_into(b_mul, k + 1.0)
        del b_mul
        mul = mul_before
        items3_before = _stack.pop()
        items3 = items3_before
    return finish(b_x, x)
