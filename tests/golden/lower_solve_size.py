def grad_lower_solve_size(b, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    s = None
    n = b.size
    diag = np.diag(b * 0.1 + 4.0)
    eye = np.eye(n, k=-1)
    L = diag - 0.5 * eye
    x = np.zeros(n)
    for i in range(n):
        _stack.append(s)
        s = b[i]
        for j in range(i):
            mul2 = L[i, j] * x[j]
            _stack.append(s)
            s = s - mul2
        _stack.append(np.copy(x[i]))
        x[i] = s / L[i, i]
    mul3 = x * x
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 973: return np.sum(x * x)
    b_mul3 = spread(b_sum1, mul3)
    del mul3
    b_x = 2.0 * b_mul3 * x
    del b_mul3
    # adjoint of line 968: for i in range(n):
    b_L = np.zeros_like(L)
    b_b = np.zeros_like(b)
    for i in reversed(range(n)):
        # adjoint of line 972: x[i] = s / L[i, i]
        L_i11 = L[i, i]
        div1 = s / L_i11
        b_div = unbroadcast(np.copy(b_x[i]), div1)
        b_x[i] = 0.0
        x[i] = _stack.pop()
        b_s = b_div / L_i11
        b_L[i, i] += -b_s * div1
        # adjoint of line 970: for j in range(i):
        for j in reversed(range(i)):
            # adjoint of line 971: s -= L[i, j] * x[j]
            s_before = _stack.pop()
            b_mul2 = -b_s
            b_x[j] += L[i, j] * b_mul2
            b_L[i, j] += b_mul2 * x[j]
        # adjoint of line 969: s = b[i]
        s_before1 = _stack.pop()
        b_b[i] += b_s
        s = s_before1
    del L, b_x, x
    # adjoint of line 966: L = np.diag(b * 0.1 + 4.0) - 0.5 * np.eye(n, k=-1)
    b_diag = unbroadcast(b_L, diag)
    del b_L, diag
    b_add = np.diag(b_diag, 0)
    del b_diag
    b_b += mul_into(b_add, 0.1)
    return finish(b_b, b)
