def fwd__partial_loss(x, scale=1.0, shift=0.0):
    sub = x - shift
    sum1 = np.sum(sub ** 2)
    return scale * sum1, (scale, shift, sub)


def bwd__partial_loss(_record, grad_ys, b_x):
    # the values the primal sweep recorded
    scale, shift, sub = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 1042: return scale * np.sum((x - shift) ** 2)
    b_sub = mul_into(sub, scale * grad_ys * 2.0)
    del sub
    b_x = b_sub if b_x is None else b_x + b_sub
    b_shift = -unbroadcast(b_sub, shift)
    return b_x, b_shift


def grad_partial_made_inside(x, grad_ys=None):
    f_arg = x[0]
    partial_loss, _record__partial_loss = fwd__partial_loss(x, shift=f_arg,
        scale=3.0)
    partial_loss1, _record__partial_loss1 = fwd__partial_loss(x * x, scale=
        2.0, shift=f_arg)
    outer = np.outer(x, x)
    sum1 = np.sum(outer, axis=0)
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 1038: return f(x, scale=3.0) + f(x * x) + np.sum(g(np.outer(x, x)) ** 2)
    b_sum1 = mul_into(sum1, b_add1 * 2.0)
    del sum1
    b_outer = unreduce(b_sum1, outer, 0, False)
    del b_sum1, outer
    b_x = b_outer @ x + x @ b_outer
    del b_outer
    b__partial_loss_args = bwd__partial_loss(_record__partial_loss1, b_add1,
        None)
    b_mul = b__partial_loss_args[0]
    b_x += 2.0 * b_mul * x
    del b_mul
    b__partial_loss_args1 = bwd__partial_loss(_record__partial_loss, b_add1,
        b_x)
    del b_x
    b_x = b__partial_loss_args1[0]
    b_f_arg = b__partial_loss_args[1] + b__partial_loss_args1[1]
    del b__partial_loss_args, b__partial_loss_args1
    # adjoint of line 1036: f = functools.partial(_partial_loss, scale=2.0, shift=x[0])
    b_x[0] += b_f_arg
    return finish(b_x, x)
