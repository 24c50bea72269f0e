def jvp_picked_logits_cross_entropy(W, X, y, tangents):
    # line 638: logits = X @ W
    logits = X @ W
    t_logits = X @ tangents
    # line 639: lse = np.log(np.sum(np.exp(logits), axis=1))
    exp = np.exp(logits)
    t_exp = t_logits * exp
    sum1 = np.sum(exp, axis=1)
    t_sum1 = np.sum(t_exp, axis=1, keepdims=False)
    lse = np.log(sum1)
    t_lse = t_sum1 / sum1
    # line 640: return np.mean(lse - logits[np.arange(CLASSES_N), y])
    arange = np.arange(CLASSES_N)
    t_logits_i = t_logits[arange, y]
    sub = lse - logits[arange, y]
    t_sub = broadcast_like(t_lse, sub) - broadcast_like(t_logits_i, sub)
    mean = np.mean(sub)
    t_mean = np.mean(t_sub, axis=None, keepdims=False)
    return mean, t_mean
