def grad_ridge_solve(lam, X, y, grad_ys=None):
    transposed = X.T
    eye = np.eye(3)
    A = transposed @ X + lam * eye
    transposed1 = X.T
    w = np.linalg.solve(A, transposed1 @ y)
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 688: return np.sum((X @ w - y) ** 2) + lam * w @ w
    b_mul1 = b_add * w
    b_w = b_add * (lam * w)
    b_lam = sum_product(b_mul1, w, lam)
    b_w += mul_into(b_mul1, lam)
    del b_mul1
    b_sub = b_add * 2.0 * (X @ w - y)
    b_w += X.T @ b_sub
    del b_sub
    # adjoint of line 687: w = np.linalg.solve(A, X.T @ y)
    gb = solve_transposed(A, b_w)
    del A, b_w
    b_A = np.outer(-gb, w)
    del w
    # adjoint of line 686: A = X.T @ X + lam * np.eye(3)
    b_lam = b_lam + sum_product(b_A, eye, lam)
    return finish(b_lam, lam)
