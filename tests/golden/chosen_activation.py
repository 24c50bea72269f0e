def grad_chosen_activation(x, grad_ys=None):
    sum1 = np.sum(x)
    cmp = sum1 > 0
    if cmp:
        chosen1 = True
    else:
        chosen1 = False
    chosen = chosen1
    if chosen1:
        choice = np.tanh(x * 2.0)
    else:
        mul1 = x * 2.0
        choice = np.sin(mul1)
    # seed: the gradient of the sum of the outputs
    b_sum2 = scalar_seed(grad_ys)
    # adjoint of line 925: return np.sum(act(x * 2.0) ** 2)
    b_choice = b_sum2 * 2.0 * choice
    # adjoint of line 925: return np.sum(act(x * 2.0) ** 2)
    if chosen:
        # adjoint of line 925: return np.sum(act(x * 2.0) ** 2)
        b_mul = b_choice * (1.0 - choice * choice)
        del b_choice
        b_x = mul_into(b_mul, 2.0)
    else:
        # adjoint of line 925: return np.sum(act(x * 2.0) ** 2)
        b_mul1 = b_choice * np.cos(mul1)
        del b_choice
        b_x = mul_into(b_mul1, 2.0)
    return finish(b_x, x)
