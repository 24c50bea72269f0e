def grad_reductions_axis(x, grad_ys=None):
    sum1 = np.sum(x, axis=0)
    mean = np.mean(x, axis=1, keepdims=True)
    mul = mean * x
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 116: return np.sum(np.sum(x, axis=0) ** 2) + np.sum(np.mean(x, axis=1, keepdims=True) * x)
    b_mul = spread(b_add, mul)
    del mul
    b_mean = sum_product(b_mul, x, mean)
    b_x = mul_into(b_mul, mean)
    del b_mul
    b_x += unreduce(b_mean, x, 1, True, b_x) * (size_of(mean) / size_of(x))
    del b_mean, mean
    b_sum1 = mul_into(sum1, b_add * 2.0)
    del sum1
    b_x += unreduce(b_sum1, x, 0, False, b_x)
    return finish(b_x, x)
