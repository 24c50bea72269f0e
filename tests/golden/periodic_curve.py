def grad_periodic_curve(x, grad_ys=None):
    items = [0.3, 2.9, -1.0, 1.4]
    array = np.array(items)
    knots = array + 0.1 * x
    mul1 = x * 3.0
    sin = np.sin(knots)
    add = sin + x
    interp = np.interp(mul1, knots, add, period=2.5)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 1327: return np.sum(np.interp(x * 3.0, knots, np.sin(knots) + x, period=2.5) ** 2)
    b_interp = mul_into(interp, b_sum1 * 2.0)
    del interp
    b_mul1 = interp_grad_x(b_interp, mul1, knots, add, 2.5)
    b_knots = interp_grad_xp(b_interp, mul1, knots, add, 2.5)
    b_add = interp_grad_fp(b_interp, mul1, knots, add, None, None, 2.5)
    del add, b_interp, mul1
    b_knots = add_into(b_knots, b_add * np.cos(knots))
    del knots
    b_x = b_add + b_mul1 * 3.0
    del b_add, b_mul1
    # adjoint of line 1326: knots = np.array([0.3, 2.9, -1.0, 1.4]) + 0.1 * x
    b_x += mul_into(b_knots, 0.1)
    return finish(b_x, x)
