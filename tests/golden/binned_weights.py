def grad_binned_weights(x, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    add = None
    mul1 = None
    bins = (x * 4.0).astype(int)
    n = len(x)
    w = np.zeros(n)
    n1 = len(x)
    for i in range(n1):
        _stack.append(add)
        add = bins[i] + 1.0
        _stack.append(shape_only(mul1))
        mul1 = x[i] * add
        w[i] = mul1
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 178: return np.sum(w ** 2)
    b_w = mul_into(w, b_sum1 * 2.0)
    del w
    # adjoint of line 176: for i in range(len(x)):
    b_x = np.zeros_like(x)
    for i in reversed(range(n1)):
        # adjoint of line 177: w[i] = x[i] * (bins[i] + 1.0)
        b_mul1 = unbroadcast(np.copy(b_w[i]), mul1)
        del mul1
        b_w[i] = 0.0
        x_i1 = x[i]
        mul1_before = _stack.pop()
        b_x_i = unbroadcast(b_mul1 * add, x_i1)
        del add, b_mul1
        mul1 = mul1_before
        add_before = _stack.pop()
        add = add_before
        b_x[i] += b_x_i
    return finish(b_x, x)
