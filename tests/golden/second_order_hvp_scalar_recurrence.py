def jvp_grad_scalar_recurrence(a, grad_ys=None, tangents=None):
    t_a = tangents
    # line 2: _stack = []
    _stack = []
    t_stack = []
    mul = None
    sub = None
    x = 0.5
    t_mul = zeros_tree(mul)
    t_sub = zeros_tree(sub)
    t_x = zeros_tree(x)
    for i in range(20):
        # line 8: _stack.append(mul)
        _stack.append(mul)
        t_stack.append(t_mul)
        # line 9: mul = a * x
        mul = a * x
        t_mul = broadcast_like(t_a * x, mul) + broadcast_like(a * t_x, mul)
        # line 10: _stack.append(sub)
        _stack.append(sub)
        t_stack.append(t_sub)
        # line 11: sub = 1.0 - x
        sub = 1.0 - x
        t_sub = -broadcast_like(t_x, sub)
        # line 12: _stack.append(x)
        _stack.append(x)
        t_stack.append(t_x)
        # line 13: x = mul * sub
        x = mul * sub
        t_x = broadcast_like(t_mul * sub, x) + broadcast_like(mul * t_sub, x)
    # line 15: b_x = scalar_seed(grad_ys)
    b_x = scalar_seed(grad_ys)
    b_a = 0.0
    range1 = range(20)
    n = len(range1)
    last = n - 1
    t_b_a = zeros_tree(b_a)
    t_b_x = zeros_tree(b_x)
    for k in range(last, -1, -1):
        # line 20: x_before = _stack.pop()
        x_before = _stack.pop()
        t_x_before = cotangent(t_stack.pop(), x_before)
        # line 21: b_mul = b_x * sub
        b_mul = b_x * sub
        t_b_mul = broadcast_like(t_b_x * sub, b_mul) + broadcast_like(b_x *
            t_sub, b_mul)
        # line 22: sub_before = _stack.pop()
        sub_before = _stack.pop()
        t_sub_before = cotangent(t_stack.pop(), sub_before)
        # line 23: sub = sub_before
        sub = sub_before
        t_sub = t_sub_before
        # line 24: mul_before = _stack.pop()
        mul_before = _stack.pop()
        t_mul_before = cotangent(t_stack.pop(), mul_before)
        # line 25: b_a = b_a + b_mul * x_before
        mul1 = b_mul * x_before
        t_mul1 = broadcast_like(t_b_mul * x_before, mul1) + broadcast_like(
            b_mul * t_x_before, mul1)
        b_a = b_a + mul1
        t_b_a = broadcast_like(t_b_a, b_a) + broadcast_like(t_mul1, b_a)
        # line 26: b_x = a * b_mul - mul * b_x
        mul2 = a * b_mul
        t_mul2 = broadcast_like(t_a * b_mul, mul2) + broadcast_like(a *
            t_b_mul, mul2)
        mul3 = mul * b_x
        t_mul3 = broadcast_like(t_mul * b_x, mul3) + broadcast_like(mul *
            t_b_x, mul3)
        b_x = mul2 - mul3
        t_b_x = broadcast_like(t_mul2, b_x) - broadcast_like(t_mul3, b_x)
        # line 27: mul = mul_before
        mul = mul_before
        t_mul = t_mul_before
    # line 28: return finish(b_a, a, True)
    finish1 = finish(b_a, a, True)
    t_finish1 = finish(t_b_a, a, True, None)
    return finish1, t_finish1
