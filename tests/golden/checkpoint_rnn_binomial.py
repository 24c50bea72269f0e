def grad_rnn_binomial(h, w, xs, grad_ys=None):
    _stack = []
    n = len(xs)
    # checkpointed loop (binomial): snapshots of h at the iterations the schedule picks, instead of every iteration's values
    _iters = range(n)
    _forward, _backward = checkpoint_schedule(len(_iters), 'binomial')
    _snaps = {}
    for _a, _b in _forward:
        _snaps[_a] = h,
        for t in _iters[_a:_b]:
            matmul = h @ w
            xs_i = xs[t]
            add = matmul + xs_i
            h = np.tanh(add)
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 10: return np.sum(h)
    b_h = spread(b_sum1, h)
    # adjoint of line 8: for t in range(len(xs)):  # srcdiff: checkpoint binomial
    b_w = np.zeros_like(w)
    for _a, _m, _b, _last in _backward:
        h, = _snaps.pop(_a) if _last else _snaps[_a]
        for t in _iters[_a:_m]:
            matmul = h @ w
            xs_i = xs[t]
            add = matmul + xs_i
            h = np.tanh(add)
        if _b is None:
            _snaps[_m] = h,
        else:
            for t in _iters[_m:_b]:
                matmul = h @ w
                xs_i = xs[t]
                add = matmul + xs_i
                _stack.append(h)
                h = np.tanh(add)
            _h_before_list = []
            _b_add_list = []
            for t in reversed(_iters[_m:_b]):
                # adjoint of line 9: h = np.tanh(h @ w + xs[t])
                h_before = _stack.pop()
                b_add = b_h * (1.0 - h * h)
                del b_h
                h = h_before
                b_h = w @ b_add
                _h_before_list.append(h_before)
                _b_add_list.append(b_add)
            # the per-iteration terms of the loop above, summed at once
            if _h_before_list:
                b_w += np.array(_h_before_list).T @ np.array(_b_add_list)
    return finish(b_h, h, False, (grad_ys,)), finish(b_w, w)
