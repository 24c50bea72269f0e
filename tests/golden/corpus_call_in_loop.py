def fwd__helper_scale(v, k=2.0):
    sin = np.sin(v)
    return v * k + sin, (k, v)


def bwd__helper_scale(_record, grad_ys=None):
    # the values the primal sweep recorded
    k, v = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 524: return v * k + np.sin(v)
    b_v = grad_ys * np.cos(v)
    b_v = b_v + grad_ys * k
    return b_v


def grad_call_in_loop(a, grad_ys=None):
    _helper_scale_records = []
    x = a
    for i in range(4):
        x, _record__helper_scale = fwd__helper_scale(x, k=0.9)
        _helper_scale_records.append(_record__helper_scale)
    # seed: the gradient of the sum of the outputs
    b_x = scalar_seed(grad_ys)
    # adjoint of line 547: for i in range(4):
    for i in reversed(range(4)):
        # adjoint of line 548: x = _helper_scale(x, k=0.9)
        _record__helper_scale = _helper_scale_records.pop()
        b__helper_scale_v = bwd__helper_scale(_record__helper_scale, b_x)
        b_x = b__helper_scale_v
    return finish(b_x, a, False, (grad_ys,))
