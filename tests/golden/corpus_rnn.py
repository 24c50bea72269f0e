def grad_rnn(h, w, xs, grad_ys=None):
    _stack = []
    n = len(xs)
    for t in range(n):
        _stack.append(h)
        h = np.tanh(h @ w + xs[t])
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 240: return np.sum(h)
    b_h = spread(b_sum1, h)
    # adjoint of line 238: for t in range(len(xs)):
    b_w = np.zeros_like(w)
    _h_before_list = []
    _b_add_list = []
    for t in reversed(range(n)):
        # adjoint of line 239: h = np.tanh(h @ w + xs[t])
        h_before = _stack.pop()
        b_add = b_h * (1.0 - h * h)
        del b_h
        h = h_before
        b_h = w @ b_add
        _h_before_list.append(h_before)
        _b_add_list.append(b_add)
        del b_add
    # the per-iteration terms of the loop above, summed at once
    if _h_before_list:
        b_w += np.array(_h_before_list).T @ np.array(_b_add_list)
    return finish(b_h, h, False, (grad_ys,)), finish(b_w, w)
