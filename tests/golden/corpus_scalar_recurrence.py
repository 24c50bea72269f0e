def grad_scalar_recurrence(a, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    mul = None
    sub = None
    x = 0.5
    for i in range(20):
        _stack.append(mul)
        mul = a * x
        _stack.append(sub)
        sub = 1.0 - x
        _stack.append(x)
        x = mul * sub
    # seed: the gradient of the sum of the outputs
    b_x = scalar_seed(grad_ys)
    # adjoint of line 231: for i in range(20):
    b_a = 0.0
    for i in reversed(range(20)):
        # adjoint of line 232: x = a * x * (1.0 - x)
        x_before = _stack.pop()
        b_mul = b_x * sub
        sub_before = _stack.pop()
        sub = sub_before
        mul_before = _stack.pop()
        b_a = b_a + b_mul * x_before
        b_x = a * b_mul - mul * b_x
        mul = mul_before
    return finish(b_a, a)
