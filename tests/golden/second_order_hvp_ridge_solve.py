def jvp_grad_ridge_solve(lam, X, y, grad_ys=None, tangents=None):
    transposed = X.T
    eye = np.eye(3)
    # line 4: A = transposed @ X + lam * eye
    mul = lam * eye
    t_mul = broadcast_like(tangents * eye, mul)
    A = transposed @ X + mul
    t_A = broadcast_like(t_mul, A)
    transposed1 = X.T
    # line 6: w = np.linalg.solve(A, transposed1 @ y)
    matmul1 = transposed1 @ y
    w = np.linalg.solve(A, matmul1)
    t_w = solve_tangent_lhs(t_A, w, A, matmul1)
    b_add = scalar_seed(grad_ys)
    # line 10: b_mul1 = b_add * w
    b_mul1 = b_add * w
    t_b_mul1 = broadcast_like(b_add * t_w, b_mul1)
    # line 11: b_w = b_add * (lam * w)
    mul1 = lam * w
    t_mul1 = broadcast_like(tangents * w, mul1) + broadcast_like(lam * t_w,
        mul1)
    b_w = b_add * mul1
    t_b_w = broadcast_like(b_add * t_mul1, b_w)
    # line 12: b_lam = unbroadcast(b_mul1 * w, lam)
    mul2 = b_mul1 * w
    t_mul2 = broadcast_like(t_b_mul1 * w, mul2) + broadcast_like(b_mul1 *
        t_w, mul2)
    b_lam = unbroadcast(mul2, lam)
    t_b_lam = unbroadcast(t_mul2, lam)
    # line 13: b_w += lam * b_mul1
    mul3 = lam * b_mul1
    t_mul3 = broadcast_like(tangents * b_mul1, mul3) + broadcast_like(lam *
        t_b_mul1, mul3)
    b_w = b_w + mul3
    t_b_w = broadcast_like(t_b_w, b_w) + broadcast_like(t_mul3, b_w)
    # line 14: b_sub = b_add * 2.0 * (X @ w - y)
    mul4 = b_add * 2.0
    t_matmul2 = X @ t_w
    sub = X @ w - y
    t_sub = broadcast_like(t_matmul2, sub)
    b_sub = mul4 * sub
    t_b_sub = broadcast_like(mul4 * t_sub, b_sub)
    # line 15: b_w += X.T @ b_sub
    transposed2 = X.T
    t_matmul3 = transposed2 @ t_b_sub
    b_w = b_w + transposed2 @ b_sub
    t_b_w = broadcast_like(t_b_w, b_w) + broadcast_like(t_matmul3, b_w)
    # line 17: gb = solve_transposed(A, b_w)
    gb = solve_transposed(A, b_w)
    t_gb = np.linalg.solve(A.T, t_b_w) - np.linalg.solve(A.T, t_A.T @ gb)
    # line 18: b_A = np.outer(-gb, w)
    neg = -gb
    t_neg = -t_gb
    b_A = np.outer(neg, w)
    t_b_A = np.outer(t_neg, w) + np.outer(neg, t_w)
    # line 20: b_lam = b_lam + unbroadcast(b_A * eye, lam)
    mul5 = b_A * eye
    t_mul5 = broadcast_like(t_b_A * eye, mul5)
    unbroadcast1 = unbroadcast(mul5, lam)
    t_unbroadcast1 = unbroadcast(t_mul5, lam)
    b_lam = b_lam + unbroadcast1
    t_b_lam = broadcast_like(t_b_lam, b_lam) + broadcast_like(t_unbroadcast1,
        b_lam)
    # line 21: return finish(b_lam, lam, True)
    finish1 = finish(b_lam, lam, True)
    t_finish1 = finish(t_b_lam, lam, True, None)
    return finish1, t_finish1
