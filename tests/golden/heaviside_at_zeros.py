def grad_heaviside_at_zeros(x, grad_ys=None):
    r = np.maximum(x, 0.0)
    heaviside = np.heaviside(r, x ** 2)
    exp = np.exp(x)
    check_broadcast(heaviside, x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 858: return np.sum(np.heaviside(r, x ** 2) * np.exp(x))
    b_heaviside = b_sum1 * exp
    b_exp = mul_into(heaviside, b_sum1)
    del heaviside
    b_x = mul_into(b_exp, exp)
    del b_exp, exp
    b_pow1 = mul_into(b_heaviside, r == 0)
    del b_heaviside, r
    b_x += b_pow1 * 2.0 * x
    return finish(b_x, x)
