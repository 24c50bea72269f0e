def jvp_ridge_solve(lam, X, y, tangents):
    # line 686: A = X.T @ X + lam * np.eye(3)
    transposed = X.T
    eye = np.eye(3)
    mul = lam * eye
    t_mul = broadcast_like(tangents * eye, mul)
    A = transposed @ X + mul
    t_A = broadcast_like(t_mul, A)
    # line 687: w = np.linalg.solve(A, X.T @ y)
    transposed1 = X.T
    matmul1 = transposed1 @ y
    w = np.linalg.solve(A, matmul1)
    t_w = solve_tangent_lhs(t_A, w, A, matmul1)
    # line 688: return np.sum((X @ w - y) ** 2) + lam * w @ w
    t_matmul2 = X @ t_w
    sub = X @ w - y
    t_sub = broadcast_like(t_matmul2, sub)
    t_pow1 = t_sub * 2.0 * sub
    sum1 = np.sum(sub ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    mul1 = lam * w
    t_mul1 = broadcast_like(tangents * w, mul1) + broadcast_like(lam * t_w,
        mul1)
    add = sum1 + mul1 @ w
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_mul1 @ w + mul1 @
        t_w, add)
    return add, t_add
