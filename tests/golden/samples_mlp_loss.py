def grad_loss(params, x, y, grad_ys=None):
    b1 = params['b1']
    h = np.tanh(x @ params['W1'] + b1)
    W2 = params['W2']
    b2 = params['b2']
    logits = h @ W2 + b2
    max1 = np.max(logits, axis=1, keepdims=True)
    z = logits - max1
    exp = np.exp(z)
    sum1 = short_sum(exp, axis=1, keepdims=True)
    log = np.log(sum1)
    log_probs = z - log
    sum2 = short_sum(log_probs * y, axis=1)
    # seed: the gradient of the sum of the outputs
    b_neg = scalar_seed(grad_ys)
    # adjoint of line 19: return -np.mean(np.sum(log_probs * y, axis=1))
    b_sum2 = -b_neg / size_of(sum2)
    del sum2
    b_log_probs = mul_into(b_sum2, y)
    del b_sum2
    # adjoint of line 18: log_probs = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    b_log = -unbroadcast(b_log_probs, log)
    del log
    b_sum1 = b_log / sum1
    del b_log, sum1
    b_exp = unreduce(b_sum1, exp, 1, True, b_log_probs)
    del b_sum1
    b_z = b_log_probs + b_exp * exp
    del b_exp, b_log_probs, exp
    # adjoint of line 16: logits = h @ params["W2"] + params["b2"]
    b_b2 = unbroadcast(b_z, b2)
    del b2
    b_params = item_add(None, params, 'b2', b_b2)
    del b_b2
    b_h = b_z @ W2.T
    del W2
    b_W2 = h.T @ b_z
    del b_z
    b_params = item_add(b_params, params, 'W2', b_W2)
    del b_W2
    # adjoint of line 15: h = np.tanh(x @ params["W1"] + params["b1"])
    b_add = b_h * (1.0 - h * h)
    del b_h, h
    b_b1 = unbroadcast(b_add, b1)
    del b1
    b_params = item_add(b_params, params, 'b1', b_b1)
    del b_b1
    b_W1 = x.T @ b_add
    del b_add
    b_params = item_add(b_params, params, 'W1', b_W1)
    return finish(b_params, params, False, (grad_ys,))
