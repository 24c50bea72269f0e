def grad_layer_norm_shared(h, g, grad_ys=None):
    mu = np.mean(h, axis=-1, keepdims=True)
    sub = h - mu
    pow1 = sub ** 2
    var = np.mean(pow1, axis=-1, keepdims=True)
    sqrt = np.sqrt(var + 1e-05)
    div = sub / sqrt
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 734: return np.sum(((h - mu) / np.sqrt(var + 1e-5) * g) ** 2)
    b_mul = b_sum1 * 2.0 * (div * g)
    b_div = mul_into(b_mul, g)
    del b_mul
    b_sub = b_div / sqrt
    del b_div
    b_sqrt = sum_product(b_sub, div, sqrt)
    del div
    b_add = b_sqrt * -0.5 / sqrt
    del b_sqrt, sqrt
    # adjoint of line 733: var = np.mean((h - mu) ** 2, axis=-1, keepdims=True)
    b_pow1 = unreduce(b_add, pow1, -1, True, b_sub) * (size_of(var) /
        size_of(sub))
    del b_add, pow1, var
    b_sub += b_pow1 * 2.0 * sub
    del b_pow1, sub
    b_mu = -unbroadcast(b_sub, mu)
    # adjoint of line 732: mu = np.mean(h, axis=-1, keepdims=True)
    b_h = b_sub + unreduce(b_mu, h, -1, True, b_sub) * (size_of(mu) /
        size_of(h))
    return finish(b_h, h)
