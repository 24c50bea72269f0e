def grad_stores_in_place(x, n, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    add1 = None
    cos = None
    n1 = None
    buf = np.zeros(n + 1)
    x_i = x[0]
    _buf_saved = np.copy(buf[0])
    buf[0] = x_i
    # checkpointed loop (3): snapshots of buf at the iterations the schedule picks, instead of every iteration's values
    _iters = range(n)
    _forward, _backward = checkpoint_schedule(len(_iters), 3)
    _snaps = {}
    for _a, _b in _forward:
        _snaps[_a] = snapshot_objects(buf),
        for i in _iters[_a:_b]:
            add1 = i + 1
            buf_i = buf[i]
            cos = np.cos(buf_i)
            n1 = len(x)
            mod = i % n1
            x_i1 = x[mod]
            mul = cos * x_i1
            buf[add1] = mul
    mul1 = buf * buf
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 42: return np.sum(buf * buf)
    b_mul1 = spread(b_sum1, mul1)
    del mul1
    b_buf = 2.0 * b_mul1 * buf
    del b_mul1
    # adjoint of line 40: for i in range(n):  # srcdiff: checkpoint 3
    b_x = np.zeros_like(x)
    for _a, _m, _b, _last in _backward:
        _buf_kept, = _snaps.pop(_a) if _last else _snaps[_a]
        buf = restore_objects(_buf_kept)
        for i in _iters[_a:_m]:
            add1 = i + 1
            buf_i = buf[i]
            cos = np.cos(buf_i)
            n1 = len(x)
            mod = i % n1
            x_i1 = x[mod]
            mul = cos * x_i1
            buf[add1] = mul
        if _b is None:
            _snaps[_m] = snapshot_objects(buf),
        else:
            for i in _iters[_m:_b]:
                _stack.append(add1)
                add1 = i + 1
                buf_i = buf[i]
                _stack.append(cos)
                cos = np.cos(buf_i)
                _stack.append(n1)
                n1 = len(x)
                mod = i % n1
                x_i1 = x[mod]
                mul = cos * x_i1
                _stack.append(np.copy(buf[add1]))
                buf[add1] = mul
            for i in reversed(_iters[_m:_b]):
                # adjoint of line 41: buf[i + 1] = np.cos(buf[i]) * x[i % len(x)]
                x_i11 = x[i % n1]
                mul2 = cos * x_i11
                b_mul = unbroadcast(np.copy(b_buf[add1]), mul2)
                b_buf[add1] = 0.0
                buf[add1] = _stack.pop()
                b_x[i % n1] += cos * b_mul
                n1_before = _stack.pop()
                n1 = n1_before
                cos_before = _stack.pop()
                b_buf_i = -(b_mul * x_i11) * np.sin(buf[i])
                cos = cos_before
                b_buf[i] += b_buf_i
                add1_before = _stack.pop()
                add1 = add1_before
    # adjoint of line 39: buf[0] = x[0]
    b_x_i = unbroadcast(np.copy(b_buf[0]), x_i)
    b_buf[0] = 0.0
    del b_buf
    buf[0] = _buf_saved
    del buf
    b_x[0] += b_x_i
    return finish(b_x, x)
