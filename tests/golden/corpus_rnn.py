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
    _b_w_lhs = []
    _b_w_rhs = []
    for t in reversed(range(n)):
        # adjoint of line 239: h = np.tanh(h @ w + xs[t])
        h_before = _stack.pop()
        b_add = b_h * (1.0 - h * h)
        h = h_before
        b_h = w @ b_add
        _b_w_lhs.append(h_before)
        _b_w_rhs.append(b_add)
    if _b_w_lhs:
        b_w += np.stack(_b_w_lhs).T @ np.stack(_b_w_rhs)
    return finish(b_h, h), finish(b_w, w)
