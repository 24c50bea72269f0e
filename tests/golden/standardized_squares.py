def grad_standardized_squares(x, mu, s, grad_ys=None):
    x_i = x[:, None, :]
    mu_i = mu[None, :, :]
    s_i = s[None, :, :]
    z = planewise(np.subtract, x_i, mu_i) / s_i
    tanh = np.tanh(z)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 450: return np.sum(np.tanh(z) ** 2)
    b_tanh = b_sum1 * 2.0 * tanh
    b_z = b_tanh * (1.0 - tanh * tanh)
    del b_tanh, tanh
    # adjoint of line 449: z = (x[:, None, :] - mu[None, :, :]) / s[None, :, :]
    b_sub = b_z / s_i
    del b_z
    b_s_i = -sum_product(b_sub, z, s_i)
    del s_i, z
    b_s = index_add(None, s, (None, slice(None, None, None), slice(None,
        None, None)), b_s_i)
    del b_s_i
    b_x_i = unbroadcast(b_sub, x_i)
    del x_i
    b_mu_i = -unbroadcast(b_sub, mu_i)
    del b_sub, mu_i
    b_mu = index_add(None, mu, (None, slice(None, None, None), slice(None,
        None, None)), b_mu_i)
    del b_mu_i
    b_x = index_add(None, x, (slice(None, None, None), None, slice(None,
        None, None)), b_x_i)
    return finish(b_x, x), finish(b_mu, mu), finish(b_s, s)
