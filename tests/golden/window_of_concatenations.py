def grad_window_of_concatenations(x, s, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    n1 = None
    tanh = None
    w_i = None
    w_i1 = None
    x_i = x[0]
    w = [s, 0.5, x_i]
    n = len(x)
    for j in range(n):
        _stack.append(w_i)
        w_i = w[1:]
        _stack.append(n1)
        n1 = len(w)
        _stack.append(w_i1)
        w_i1 = w[j % n1]
        _stack.append(tanh)
        tanh = math.tanh(x[j] * w_i1)
        items = [tanh]
        _stack.append(w)
        w = concat_sequences(w_i, items)
    tuple1 = tuple(w)
    mul1 = s * s
    t = concat_sequences(tuple1, (mul1,))
    sum1 = sum(w)
    mul2 = sum1 * s
    t_i = t[0]
    t_i1 = t[-1]
    mul3 = t_i * t_i1
    # seed: the gradient of the sum of the outputs
    b_add = seed(grad_ys, mul2 + mul3)
    # adjoint of line 612: return sum(w) * s + t[0] * t[-1]
    b_mul2 = unbroadcast(b_add, mul2)
    del mul2
    b_mul3 = unbroadcast(b_add, mul3)
    del b_add, mul3
    b_t_i = unbroadcast(b_mul3 * t_i1, t_i)
    b_t_i1 = unbroadcast(t_i * b_mul3, t_i1)
    del b_mul3
    b_t = item_add(None, t, -1, b_t_i1)
    b_t = item_add(b_t, t, 0, b_t_i)
    b_sum1 = b_mul2 * s
    b_s = sum_product(sum1, b_mul2, s)
    del b_mul2, sum1
    b_w = sum_of_items_grad(b_sum1, w)
    del b_sum1
    # adjoint of line 611: t = tuple(w) + (s * s,)
    b_tuple1 = sequence_part_grad(b_t, 0, len(tuple1))
    b_items1 = sequence_part_grad(b_t, len(tuple1), len(t))
    b_mul1 = item_grad(b_items1, 0, mul1)
    b_s = b_s + 2.0 * b_mul1 * s
    b_w = add_tree(b_w, sequence_grad(b_tuple1, w))
    # adjoint of line 609: for j in range(len(x)):
    b_x = np.zeros_like(x)
    for j in reversed(range(n)):
        # adjoint of line 610: w = w[1:] + [math.tanh(x[j] * w[j % len(w)])]
        w_before = _stack.pop()
        b_w_i = sequence_part_grad(b_w, 0, len(w_i))
        b_items = sequence_part_grad(b_w, len(w_i), len(w))
        w = w_before
        b_tanh = item_grad(b_items, 0, tanh)
        tanh_before = _stack.pop()
        b_mul = b_tanh * (1.0 - tanh * tanh)
        tanh = tanh_before
        x_i11 = x[j]
        b_x_i1 = unbroadcast(b_mul * w_i1, x_i11)
        b_w_i1 = mul_into(b_mul, x_i11)
        del b_mul
        w_i1_before = _stack.pop()
        b_w = item_add(None, w_before, j % n1, b_w_i1)
        w_i1 = w_i1_before
        n1_before = _stack.pop()
        n1 = n1_before
        b_x[j] += b_x_i1
        w_i_before = _stack.pop()
        b_w = item_add(b_w, w_before, slice(1, None, None), b_w_i)
        w_i = w_i_before
    # adjoint of line 608: w = [s, 0.5, x[0]]
    b_s = b_s + item_grad(b_w, 0, s)
    b_x_i = item_grad(b_w, 2, x_i)
    b_x[0] += b_x_i
    return finish(b_x, x), finish(b_s, s)
