def grad_grad_unary_chain(a, _grad_ys=None, grad_ys=None):
    sin = np.sin(a)
    exp = np.exp(sin)
    tanh = np.tanh(a)
    cos = np.cos(a)
    b_sub = scalar_seed(_grad_ys)
    b_mul1 = -b_sub
    neg = -(tanh * b_mul1)
    sin1 = np.sin(a)
    mul1 = b_mul1 * cos
    sub = 1.0 - tanh * tanh
    b_a = neg * sin1 + mul1 * sub
    add = 1.0 + a * a
    div = b_sub / add
    mul5 = 2.0 * div
    mul6 = mul5 * a
    _b_a2 = b_a
    b_a = b_a + mul6
    mul7 = b_sub * exp
    cos1 = np.cos(a)
    mul8 = mul7 * cos1
    _b_a3 = b_a
    b_a = b_a + mul8
    finish1 = finish(b_a, a)
    # seed: the gradient of the sum of the outputs
    b_finish1 = seed(grad_ys, finish1)
    # adjoint of line 12: return finish(b_a, a)
    b_b_a = tree_unbroadcast(b_finish1, b_a)
    del b_a
    # adjoint of line 11: b_a = b_a + b_sub * exp * np.cos(a)
    b_b_a_out = b_b_a
    b_b_a = unbroadcast(b_b_a, _b_a3)
    del _b_a3
    b_mul8 = unbroadcast(b_b_a_out, mul8)
    del b_b_a_out, mul8
    b_mul7 = b_mul8 * cos1
    b_cos1 = sum_product(mul7, b_mul8, cos1)
    del b_mul8, mul7
    b_a1 = -b_cos1 * np.sin(a)
    b_exp = sum_product(b_sub, b_mul7, exp)
    del b_mul7
    # adjoint of line 10: b_a = b_a + 2.0 * (b_sub / (1.0 + a * a)) * a
    b_b_a_out1 = b_b_a
    b_b_a = unbroadcast(b_b_a, _b_a2)
    del _b_a2
    b_mul6 = unbroadcast(b_b_a_out1, mul6)
    del b_b_a_out1, mul6
    b_mul5 = b_mul6 * a
    b_a1 = b_a1 + sum_product(mul5, b_mul6, a)
    del b_mul6, mul5
    b_div = mul_into(b_mul5, 2.0)
    del b_mul5
    b_add = sum_product(b_div / add, div, add)
    del b_div, div
    b_a1 = b_a1 - 2.0 * b_add * a
    # adjoint of line 9: b_a = b_a + b_mul1 * cos * (1.0 - tanh * tanh)
    b_mul11 = b_b_a * sub
    b_sub1 = sum_product(mul1, b_b_a, sub)
    del mul1
    b_tanh = 2.0 * -b_sub1 * tanh
    b_cos = sum_product(b_mul1, b_mul11, cos)
    del b_mul11
    # adjoint of line 8: b_a = -(tanh * b_mul1) * np.sin(a)
    b_neg = b_b_a * sin1
    b_sin1 = sum_product(neg, b_b_a, sin1)
    del b_b_a, neg
    b_a1 = b_a1 + b_sin1 * np.cos(a)
    b_tanh = b_tanh - sum_product(b_neg, b_mul1, tanh)
    del b_mul1, b_neg
    # adjoint of line 5: cos = np.cos(a)
    b_a1 = b_a1 + -b_cos * np.sin(a)
    # adjoint of line 4: tanh = np.tanh(a)
    b_a1 = b_a1 + b_tanh * (1.0 - tanh * tanh)
    # adjoint of line 3: exp = np.exp(sin)
    b_sin = b_exp * exp
    # adjoint of line 2: sin = np.sin(a)
    b_a1 = b_a1 + b_sin * np.cos(a)
    return finish(b_a1, a)
