def grad_fill_diagonal_values(x, grad_ys=None):
    sin = np.sin(x)
    a = np.outer(x, sin)
    pow1 = x ** 2
    at = diagonal_index(a, pow1)
    _a_saved = np.copy(a[at])
    a[at] = pow1
    mul = a * x
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 708: return np.sum(a * x)
    b_mul = spread(b_sum1, mul)
    del mul
    b_a = unbroadcast(b_mul * x, a)
    b_x = sum_product(a, b_mul, x)
    del b_mul
    # adjoint of line 707: np.fill_diagonal(a, x ** 2)
    b_pow1 = unbroadcast(b_a[at] * last_writes(b_a, at), pow1)
    del pow1
    b_a = np.array(b_a, dtype=float)
    b_a[at] = 0.0
    a[at] = _a_saved
    del a
    b_x = b_x + b_pow1 * 2.0 * x
    del b_pow1
    # adjoint of line 706: a = np.outer(x, np.sin(x))
    b_x += b_a @ sin
    del sin
    b_sin = x @ b_a
    del b_a
    b_x += b_sin * np.cos(x)
    return finish(b_x, x)
