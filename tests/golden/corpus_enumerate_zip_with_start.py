def grad_enumerate_zip_with_start(x, y, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    sin = None
    y_i = y[1:]
    n = len(x)
    n1 = len(y_i)
    min1 = min(n, n1)
    for i in range(min1):
        b = y_i[i]
        _stack.append(sin)
        sin = np.sin(b)
    n2 = len(y)
    # seed: the gradient of the sum of the outputs
    b_s = scalar_seed(grad_ys)
    # adjoint of line 739: for j, v in enumerate(y, start=1):
    b_y = np.zeros_like(y)
    for k in reversed(range(n2)):
        # adjoint of line 740: s = s + j * v * v
        j1 = k + 1
        v1 = y[k]
        b_v = j1 * v1 * b_s + j1 * (b_s * v1)
        # adjoint of line 739: for j, v in enumerate(y, start=1):
        b_y[k] += b_v
    # adjoint of line 737: for i, (a, b) in enumerate(zip(x, y[1:])):
    b_x = np.zeros_like(x)
    b_y_i = np.zeros_like(y_i)
    for i in reversed(range(min1)):
        # adjoint of line 738: s = s + (i + 0.5) * a * np.sin(b)
        add1 = i + 0.5
        b_mul = b_s * sin
        sin_before = _stack.pop()
        b_b = add1 * x[i] * b_s * np.cos(y_i[i])
        sin = sin_before
        b_a = add1 * b_mul
        # adjoint of line 737: for i, (a, b) in enumerate(zip(x, y[1:])):
        b_y_i[i] += b_b
        b_x[i] += b_a
    del y_i
    # adjoint of line 737: for i, (a, b) in enumerate(zip(x, y[1:])):
    b_y[1:] += b_y_i
    return finish(b_x, x), finish(b_y, y)
