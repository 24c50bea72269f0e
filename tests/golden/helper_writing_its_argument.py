def grad_helper_writing_its_argument(x, a, grad_ys=None):
    u = x * 1.0
    item = u[0]
    mul = item * a
    u[0] = mul
    add = u[1:] + 0.5 * u[:-1]
    u[1:] = add
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 1072: return s + np.sum(u * u)
    b_u = mul_into(u, 2.0 * b_add1)
    del u
    # adjoint of line 1071: s = _damp_first(u, a)
    b_u += b_add1
    b_add = np.copy(b_u[1:])
    b_u[1:] = 0.0
    b_u_i = 0.5 * b_add
    b_u[:-1] += b_u_i
    del b_u_i
    b_u[1:] += b_add
    del b_add
    b_mul = unbroadcast(np.copy(b_u[0]), mul)
    b_u[0] = 0.0
    b_a = item * b_mul
    b_u[0] += b_mul * a
    # adjoint of line 1070: u = x * 1.0
    b_x = mul_into(b_u, 1.0)
    return finish(b_x, x), finish(b_a, a)
