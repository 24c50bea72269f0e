def fwd_square_plus(x, a, SCALE):
    mul = int_mul(SCALE, x)
    mul2 = int_mul(a, x)
    sin = np.sin(mul2)
    return (int_mul(mul, x) + sin, (a, mul, mul2, x))

def bwd_square_plus(_record, grad_ys=None, SCALE=None):
    a, mul, mul2, x = _record
    b_mul2 = grad_ys * np.cos(mul2)
    b_a = b_mul2 * x
    b_x = a * b_mul2 + int_mul(mul, grad_ys) + int_mul(SCALE, int_mul(grad_ys, x))
    return (b_x, b_a)

def fwd_square_plus1(x, a, SCALE):
    mul = int_mul(SCALE, x)
    mul2 = int_mul(a, x)
    sin = np.sin(mul2)
    return (int_mul(mul, x) + sin, (a, mul, mul2, x))

def bwd_square_plus1(_record, grad_ys=None, SCALE=None):
    a, mul, mul2, x = _record
    b_mul2 = grad_ys * np.cos(mul2)
    b_x = a * b_mul2 + int_mul(mul, grad_ys) + int_mul(SCALE, int_mul(grad_ys, x))
    return b_x

def fwd_inner(x, SCALE):
    exp = np.exp(int_neg(x))
    square_plus1, _record_square_plus = fwd_square_plus1(x, 0.5, SCALE=SCALE)
    return (exp * square_plus1, (_record_square_plus, exp, square_plus1))

def bwd_inner(_record, grad_ys=None, SCALE=None):
    _record_square_plus, exp, square_plus1 = _record
    b_square_plus_x = bwd_square_plus1(_record_square_plus, int_mul(exp, grad_ys), SCALE=SCALE)
    b_x = int_sub(b_square_plus_x, int_mul(int_mul(grad_ys, square_plus1), exp))
    return b_x

def grad_scalar_recurrence(x, a, n, grad_ys=None, SCALE=None):
    _square_plus_records = []
    _inner_records = []
    s = 0.0
    _n0 = len(range(n))
    _k0 = 0
    for i in range(n):
        _k0 += 1
        square_plus1, _record_square_plus = fwd_square_plus(x, a, SCALE=SCALE)
        _square_plus_records.append(_record_square_plus)
        inner1, _record_inner = fwd_inner(s * 0.2, SCALE=SCALE)
        _inner_records.append(_record_inner)
        s = s + square_plus1 * 0.1 + inner1
        cos = np.cos(x)
        if _k0 == 1:
            _tape0 = tape_alloc(_n0, x)
        tape_put(_tape0, _k0 - 1, x)
        x = cos + s * 0.01
    b_s = scalar_seed(grad_ys)
    b_a = 0.0
    b_x = 0.0
    for i in range(int_sub(n, 1), 0 - 1, -1):
        _k0 -= 1
        x_before = tape_get(_tape0, _k0)
        x = x_before
        b_s = b_s + b_x * 0.01
        b_x = -b_x * np.sin(x_before)
        b_add = b_s
        _record_inner = _inner_records.pop()
        b_inner_x = bwd_inner(_record_inner, b_s, SCALE=SCALE)
        b_s = b_inner_x * 0.2 + b_add
        _record_square_plus = _square_plus_records.pop()
        b_square_plus_args = bwd_square_plus(_record_square_plus, b_add * 0.1, SCALE=SCALE)
        b_x = b_x + b_square_plus_args[0]
        b_a = b_a + b_square_plus_args[1]
    return (finish(b_x, x), finish(b_a, a))
