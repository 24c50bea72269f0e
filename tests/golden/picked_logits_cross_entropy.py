def grad_picked_logits_cross_entropy(W, X, y, grad_ys=None):
    logits = X @ W
    exp = np.exp(logits)
    sum1 = short_sum(exp, axis=1)
    arange = np.arange(CLASSES_N)
    check_broadcast(sum1, logits[arange, y])
    # seed: the gradient of the sum of the outputs
    b_mean = scalar_seed(grad_ys)
    # adjoint of line 640: return np.mean(lse - logits[np.arange(CLASSES_N), y])
    b_sub = b_mean / size_of(sum1)
    b_logits_i = -b_sub
    b_logits = index_add(None, logits, (arange, y), b_logits_i, True)
    del arange, b_logits_i, logits
    # adjoint of line 639: lse = np.log(np.sum(np.exp(logits), axis=1))
    b_sum1 = b_sub / sum1
    del b_sub, sum1
    b_exp = unreduce(b_sum1, exp, 1, False, b_logits)
    del b_sum1
    b_logits += mul_into(b_exp, exp)
    del b_exp, exp
    # adjoint of line 638: logits = X @ W
    b_W = X.T @ b_logits
    return finish(b_W, W)
