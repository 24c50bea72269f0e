def fwd__shifted_product(x, y):
    x_i = x[:1]
    x_i1 = x[1:]
    y_i = y[:-1]
    concatenate = np.concatenate((x_i, x_i1 * y_i))
    return concatenate, (x, x_i, x_i1, y, y_i)


def bwd__shifted_product(_record, grad_ys, b_x, b_y):
    # the values the primal sweep recorded
    x, x_i, x_i1, y, y_i = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 189: return np.concatenate((x[:1], x[1:] * y[:-1]))
    pieces = split_rest(grad_ys, (x_i,), 0)
    del x_i
    b_x_i = pieces[0]
    b_mul = pieces[1]
    del pieces
    b_y = index_add_product(b_y, y, slice(None, -1, None), x_i1, b_mul, y_i)
    b_x = index_add_product(b_x, x, slice(1, None, None), b_mul, y_i, x_i1)
    del b_mul, x_i1, y_i
    b_x[:1] += b_x_i
    return b_x, b_y


def grad_rk_steps_of_joins(x, y, grad_ys=None):
    _stack = []
    _shifted_product_records = []
    _shifted_product_records1 = []
    # names first bound inside loops or branches start unbound
    mul = None
    mul1 = None
    stack = None
    for _ in range(2):
        k1, _record__shifted_product = fwd__shifted_product(x, y)
        _shifted_product_records.append(_record__shifted_product)
        _stack.append(shape_only(mul))
        mul = 0.5 * k1
        k2, _record__shifted_product1 = fwd__shifted_product(x, y + mul)
        _shifted_product_records1.append(_record__shifted_product1)
        _stack.append(stack)
        stack = np.stack((k1, k2))
        _stack.append(shape_only(mul1))
        mul1 = stack[1] * 0.25
        _stack.append(y)
        y = y + mul1
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 197: return np.sum(np.sin(y))
    b_y = b_sum1 * np.cos(y)
    # adjoint of line 193: for _ in range(2):
    b_x = np.zeros_like(x)
    for _ in reversed(range(2)):
        # adjoint of line 196: y = y + np.stack((k1, k2))[1] * 0.25
        y_before = _stack.pop()
        b_y_out = b_y
        b_y = unbroadcast(b_y, y_before)
        b_mul1 = unbroadcast(b_y_out, mul1)
        del b_y_out, mul1
        y = y_before
        mul1_before = _stack.pop()
        b_item_i = mul_into(b_mul1, 0.25)
        del b_mul1
        mul1 = mul1_before
        b_stack = index_add(None, stack, 1, b_item_i)
        del b_item_i, stack
        stack_before = _stack.pop()
        pieces = stacked_parts(b_stack, 2, 0)
        del b_stack
        b_k1 = pieces[0]
        b_k2 = pieces[1]
        del pieces
        stack = stack_before
        # adjoint of line 195: k2 = _shifted_product(x, y + 0.5 * k1)
        _record__shifted_product1 = _shifted_product_records1.pop()
        b__shifted_product_args = bwd__shifted_product(
            _record__shifted_product1, b_k2, b_x, None)
        del b_k2, b_x
        b_x = b__shifted_product_args[0]
        b_add = b__shifted_product_args[1]
        del b__shifted_product_args
        b_y = add_into(b_y, unbroadcast(b_add, y_before))
        b_mul = unbroadcast(b_add, mul)
        del b_add, mul
        mul_before = _stack.pop()
        b_k1 = add_into(b_k1, 0.5 * b_mul)
        del b_mul
        mul = mul_before
        # adjoint of line 194: k1 = _shifted_product(x, y)
        _record__shifted_product = _shifted_product_records.pop()
        b__shifted_product_args1 = bwd__shifted_product(
            _record__shifted_product, b_k1, b_x, b_y)
        del b_k1, b_x, b_y
        b_x = b__shifted_product_args1[0]
        b_y = b__shifted_product_args1[1]
        del b__shifted_product_args1
    return finish(b_x, x), finish(b_y, y)
