def jvp_grad_picked_logits_cross_entropy(W, X, y, grad_ys=None, tangents=None):
    # line 2: logits = X @ W
    logits = X @ W
    t_logits = X @ tangents
    # line 3: exp = np.exp(logits)
    exp = np.exp(logits)
    t_exp = t_logits * exp
    # line 4: sum1 = np.sum(exp, axis=1)
    sum1 = np.sum(exp, axis=1)
    t_sum1 = np.sum(t_exp, axis=1, keepdims=False)
    arange = np.arange(CLASSES_N)
    unused = check_broadcast(sum1, logits[arange, y])
    b_mean = scalar_seed(grad_ys)
    size_of1 = size_of(sum1)
    b_sub = b_mean / size_of1
    b_logits_i = -b_sub
    # line 12: b_logits = index_add(None, logits, (arange, y), b_logits_i, True)
    b_logits = index_add(None, logits, (arange, y), b_logits_i, True)
    # line 14: b_sum1 = b_sub / sum1
    b_sum1 = b_sub / sum1
    t_b_sum1 = -broadcast_like(t_sum1 / sum1 * b_sum1, b_sum1)
    # line 15: b_exp = unreduce(b_sum1, exp, 1, False, b_logits)
    b_exp = unreduce(b_sum1, exp, 1, False, b_logits)
    t_b_exp = unreduce(t_b_sum1, exp, 1, False, b_logits)
    # line 16: b_logits += b_exp * exp
    mul = b_exp * exp
    t_mul = broadcast_like(t_b_exp * exp, mul) + broadcast_like(b_exp *
        t_exp, mul)
    b_logits = b_logits + mul
    t_b_logits = broadcast_like(t_mul, b_logits)
    # line 18: b_W = X.T @ b_logits
    transposed = X.T
    b_W = transposed @ b_logits
    t_b_W = transposed @ t_b_logits
    # line 19: return finish(b_W, W, True)
    finish1 = finish(b_W, W, True)
    t_finish1 = finish(t_b_W, W, True, None)
    return finish1, t_finish1
