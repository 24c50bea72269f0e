def grad_grad__nested_inner(x, _grad_ys=None, grad_ys=None):
    sin = np.sin(x)
    b_mul = scalar_seed(_grad_ys)
    mul = sin * b_mul
    mul1 = b_mul * x
    cos = np.cos(x)
    mul2 = mul1 * cos
    b_x = mul + mul2
    finish1 = finish(b_x, x)
    # seed: the gradient of the sum of the outputs
    b_finish1 = cotangent(grad_ys, finish1)
    # adjoint of line 5: return finish(b_x, x)
    b_b_x = tree_unbroadcast(b_finish1, b_x)
    del b_x
    # adjoint of line 4: b_x = sin * b_mul + b_mul * x * np.cos(x)
    b_mul1 = unbroadcast(b_b_x, mul)
    del mul
    b_mul2 = unbroadcast(b_b_x, mul2)
    del b_b_x, mul2
    b_mul11 = b_mul2 * cos
    b_cos = sum_product(mul1, b_mul2, cos)
    del b_mul2, mul1
    b_x1 = -b_cos * np.sin(x)
    b_x1 = b_x1 + sum_product(b_mul, b_mul11, x)
    del b_mul11
    b_sin = sum_product(b_mul1, b_mul, sin)
    del b_mul1
    # adjoint of line 2: sin = np.sin(x)
    b_x1 = b_x1 + b_sin * np.cos(x)
    return b_x1,


def grad_nested_grad_call(x, grad_ys=None):
    nested_dg = _nested_dg(x)
    mul = nested_dg * x
    mul1 = 2.0 * x
    nested_dg1 = _nested_dg(mul1)
    # seed: the gradient of the sum of the outputs
    b_add = seed(grad_ys, mul + nested_dg1)
    # adjoint of line 120: return _nested_dg(x) * x + _nested_dg(2.0 * x)
    b_mul = unbroadcast(b_add, mul)
    del mul
    b_nested_dg1 = unbroadcast(b_add, nested_dg1)
    del b_add
    b_grad__nested_inner_args = grad_grad__nested_inner(mul1, grad_ys=
        b_nested_dg1)
    b_nested_dg = b_mul * x
    b_x = 2.0 * b_grad__nested_inner_args[0] + sum_product(nested_dg, b_mul, x)
    del b_grad__nested_inner_args, b_mul
    b_grad__nested_inner_args1 = grad_grad__nested_inner(x, grad_ys=b_nested_dg
        )
    b_x = b_x + b_grad__nested_inner_args1[0]
    return finish(b_x, x)
