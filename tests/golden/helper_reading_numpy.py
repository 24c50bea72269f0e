def grad_helper_reading_numpy(x, a, grad_ys=None):
    u = x * 1.0
    u_i = u[0]
    exp = np.exp(a)
    mul = u_i * exp
    u[0] = mul
    u_i1 = u[:-1]
    sin = np.sin(u_i1)
    _u_saved1 = np.copy(u[1:])
    u[1:] = u[1:] + sin
    mul1 = u * u
    sum1 = (mul1 * x).sum()
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 1142: return (u * u * x).sum()
    b_x = mul_into(mul1, b_sum1)
    del mul1
    b_u = 2.0 * b_sum1 * x * u
    # adjoint of line 1141: _damp_exp(u, a)
    b_add = np.copy(b_u[1:])
    b_u[1:] = 0.0
    u[1:] = _u_saved1
    del u
    b_u_i1 = b_add * np.cos(u_i1)
    del u_i1
    b_u[:-1] += b_u_i1
    del b_u_i1
    b_u[1:] += b_add
    del b_add
    b_mul = unbroadcast(np.copy(b_u[0]), mul)
    b_u[0] = 0.0
    b_a = u_i * b_mul * exp
    b_u[0] += b_mul * exp
    # adjoint of line 1140: u = x * 1.0
    b_x += mul_into(b_u, 1.0)
    return finish(b_x, x), finish(b_a, a)
