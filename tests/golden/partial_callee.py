def grad__affine_tanh(x, grad_ys=None):
    tanh = np.tanh(w * x + b)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 830: return np.tanh(w * x + b)
    b_add = grad_ys * (1.0 - tanh * tanh)
    del tanh
    b_x = unbroadcast(w * b_add, x)
    return b_x,


def grad_partial_callee(x, grad_ys=None):
    bound_layer = _bound_layer(x)
    pow1 = x ** 2
    bound_layer1 = _bound_layer(pow1)
    mul = bound_layer * bound_layer1
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 837: return np.sum(_bound_layer(x) * _bound_layer(x ** 2))
    b_mul = spread(b_sum1, mul)
    del mul
    b_bound_layer = unbroadcast(b_mul * bound_layer1, bound_layer)
    b_bound_layer1 = unbroadcast(bound_layer * b_mul, bound_layer1)
    del b_mul
    b__affine_tanh_args = grad__affine_tanh(pow1, grad_ys=b_bound_layer1)
    del pow1
    b_pow1 = b__affine_tanh_args[0]
    del b__affine_tanh_args
    b_x = b_pow1 * 2.0 * x
    del b_pow1
    b__affine_tanh_args1 = grad__affine_tanh(x, grad_ys=b_bound_layer)
    b_x += b__affine_tanh_args1[0]
    return finish(b_x, x)
