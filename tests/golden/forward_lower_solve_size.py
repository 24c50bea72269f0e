def jvp_lower_solve_size(b, tangents):
    t_b = tangents
    n = b.size
    # line 966: L = np.diag(b * 0.1 + 4.0) - 0.5 * np.eye(n, k=-1)
    mul = b * 0.1
    t_mul = broadcast_like(tangents * 0.1, mul)
    add = mul + 4.0
    t_add = broadcast_like(t_mul, add)
    diag = np.diag(add)
    t_diag = np.diag(t_add, 0)
    eye = np.eye(n, k=-1)
    L = diag - 0.5 * eye
    t_L = broadcast_like(t_diag, L)
    x = np.zeros(n)
    t_x = np.zeros_like(x)
    for i in range(n):
        # line 969: s = b[i]
        s = b[i]
        t_s = t_b[i]
        for j in range(i):
            # line 971: s -= L[i, j] * x[j]
            L_i = L[i, j]
            x_i = x[j]
            mul2 = L_i * x_i
            t_mul2 = broadcast_like(t_L[i, j] * x_i, mul2) + broadcast_like(
                L_i * t_x[j], mul2)
            s = s - mul2
            t_s = broadcast_like(t_s, s) - broadcast_like(t_mul2, s)
        # line 972: x[i] = s / L[i, i]
        L_i1 = L[i, i]
        div = s / L_i1
        t_div = broadcast_like(t_s / L_i1, div) - broadcast_like(t_L[i, i] /
            L_i1 * div, div)
        x[i] = div
        t_x[i] = t_div
    # line 973: return np.sum(x * x)
    mul3 = x * x
    t_mul3 = 2.0 * broadcast_like(t_x * x, mul3)
    sum1 = np.sum(mul3)
    t_sum1 = np.sum(t_mul3, axis=None, keepdims=False)
    return sum1, t_sum1
