def fwd__power(x, n):
    # names the record holds that a path may leave unbound
    _record__power = None
    power = None
    cmp = n == 0
    if cmp:
        _retval = 1.0
    else:
        power, _record__power = fwd__power(x, n - 1)
        _retval = x * power
    _value = _retval
    return _value, (_record__power, cmp, power, x)


def bwd__power(_record, grad_ys=None):
    # the values the primal sweep recorded
    _record__power, cmp, power, x = _record
    # seed: the gradient of the sum of the outputs
    b_retval = grad_ys
    # adjoint of line 553: if n == 0:
    if cmp:
        b_x = 0.0
    else:
        # adjoint of line 555: return x * _power(x, n - 1)
        b__power_x = bwd__power(_record__power, x * b_retval)
        b_x = b_retval * power + b__power_x
    return b_x


def grad_recursive_power(a, grad_ys=None):
    power, _record__power = fwd__power(a, 4)
    # seed: the gradient of the sum of the outputs
    b_power = scalar_seed(grad_ys)
    # adjoint of line 560: return _power(a, 4)
    b__power_x = bwd__power(_record__power, b_power)
    return finish(b__power_x, a, False, (grad_ys,))
