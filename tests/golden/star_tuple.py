def grad_star_tuple(x, grad_ys=None):
    t = x, 2.0
    t_i = t[0]
    t_i1 = t[1]
    power = np.power(t_i, t_i1)
    check_broadcast(t_i, x)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 720: return np.sum(np.power(*t) * x)
    b_power = b_sum1 * x
    b_x = power * b_sum1
    b_t_i = b_power * t_i1 * t_i ** np.where(t_i1, t_i1 - 1, 1.0)
    b_t_i1 = sum_product(b_power * power, np.log(np.where(t_i > 0, t_i, 1.0
        )), t_i1)
    del b_power, power, t_i
    b_t = item_add(None, t, 1, b_t_i1)
    b_t = item_add(b_t, t, 0, b_t_i)
    del b_t_i
    # adjoint of line 719: t = (x, 2.0)
    b_x += item_grad(b_t, 0, x)
    return finish(b_x, x)
