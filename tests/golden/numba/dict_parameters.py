def grad_rnn(params, xs, grad_ys=None, params_Wh=None, params_Wx=None, params_b=None):
    b_params_Wh = zeros_tree(params_Wh)
    params_Wh_set = False
    b_params_Wx = zeros_tree(params_Wx)
    params_Wx_set = False
    b_params_b = zeros_tree(params_b)
    params_b_set = False
    b_params_whole = False
    h = np.zeros(3)
    shape = xs.shape
    item_i = shape[0]
    _n0 = len(range(item_i))
    _k0 = 0
    for t in range(item_i):
        _k0 += 1
        Wh = params_Wh
        if _k0 == 1:
            _tape0 = tape_alloc(_n0, Wh)
        tape_put(_tape0, _k0 - 1, Wh)
        Wx = params_Wx
        if _k0 == 1:
            _tape1 = tape_alloc(_n0, Wx)
        tape_put(_tape1, _k0 - 1, Wx)
        add = matmul_of(Wh, h) + matmul_of(Wx, xs[t])
        if _k0 == 1:
            _tape2 = tape_alloc(_n0, h)
        tape_put(_tape2, _k0 - 1, h)
        h = tanh_fast(add + params_b)
    b_sum1 = scalar_seed(grad_ys)
    b_h = 2.0 * b_sum1 * h
    b_params_Wh = zeros_tree(params_Wh)
    params_Wh_set = True
    b_params_Wx = zeros_tree(params_Wx)
    params_Wx_set = True
    b_params_b = zeros_tree(params_b)
    params_b_set = True
    b_params_whole = True
    b_xs = zeros_like_of(xs)
    for t in range(int_sub(item_i, 1), 0 - 1, -1):
        _k0 -= 1
        h_before = tape_get(_tape2, _k0)
        b_add1 = b_h * (1.0 - h * h)
        h = h_before
        b_params_b = b_params_b + b_add1
        params_b_set = True
        b_Wx = np.outer(b_add1, xs[t])
        b_xs_i = matmul_of(Wx.T, b_add1)
        b_xs = index_add(b_xs, xs, t, b_xs_i)
        Wx_before = tape_get_prev(_tape1, _k0)
        b_params_Wx = b_params_Wx + b_Wx
        params_Wx_set = True
        Wx = Wx_before
        b_Wh = np.outer(b_add1, h_before)
        b_h = matmul_of(Wh.T, b_add1)
        Wh_before = tape_get_prev(_tape0, _k0)
        b_params_Wh = b_params_Wh + b_Wh
        params_Wh_set = True
        Wh = Wh_before
    return ((b_params_Wh, b_params_Wx, b_params_b, params_Wh_set, params_Wx_set, params_b_set, b_params_whole), finish(b_xs, xs))
