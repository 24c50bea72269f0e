def grad_copy_stepper(u, nu, target, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    sin = None
    for _ in range(3):
        unused = array_only(u, 'copy')
        un = u.copy()
        _stack.append(sin)
        sin = np.sin(u[1:-1])
        a = sin * nu
        add = a + u[2:] * u[:-2]
        un[1:-1] = add
        _stack.append(u)
        u = un
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 240: return np.sum((u - target) ** 2)
    b_sub = b_sum1 * 2.0 * (u - target)
    b_u = b_sub
    del b_sub
    # adjoint of line 235: for _ in range(3):
    b_nu = 0.0
    for _ in reversed(range(3)):
        u_before = _stack.pop()
        u = u_before
        # adjoint of line 238: un[1:-1] = a + u[2:] * u[:-2]
        b_add = np.copy(b_u[1:-1])
        b_u[1:-1] = 0.0
        b_u_i1 = b_add * u_before[:-2]
        b_u_i2 = u_before[2:] * b_add
        b_u[:-2] += b_u_i2
        del b_u_i2
        b_u[2:] += b_u_i1
        del b_u_i1
        # adjoint of line 237: a = np.sin(u[1:-1]) * nu
        b_sin = b_add * nu
        b_nu = b_nu + sum_product(sin, b_add, nu)
        del b_add, sin
        sin_before = _stack.pop()
        b_u_i = mul_into(b_sin, np.cos(u_before[1:-1]))
        del b_sin
        sin = sin_before
        b_u[1:-1] += b_u_i
        del b_u_i
    return finish(b_u, u), finish(b_nu, nu)
