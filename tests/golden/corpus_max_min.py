def grad_max_min(x, grad_ys=None):
    max1 = np.max(x, axis=1)
    min1 = np.min(x)
    amax = np.amax(x, axis=0, keepdims=True)
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 121: return np.sum(np.max(x, axis=1)) + np.min(x) + np.sum(np.amax(x, axis=0, keepdims=True))
    b_amax = spread(b_add1, amax)
    b_x = unreduce(b_amax, x, 0, True) * reduce_mask(x, amax, 0, True)
    b_x += unreduce(b_add1, x, None, False, b_x) * reduce_mask(x, min1,
        None, False)
    b_max1 = spread(b_add1, max1)
    b_x += unreduce(b_max1, x, 1, False, b_x) * reduce_mask(x, max1, 1, False)
    return finish(b_x, x)
