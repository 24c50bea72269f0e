def grad_loss(params, x, y, grad_ys=None):
    W1 = params['W1']
    matmul = x @ W1
    b1 = params['b1']
    h = np.tanh(matmul + b1)
    W2 = params['W2']
    matmul1 = h @ W2
    b2 = params['b2']
    logits = matmul1 + b2
    max1 = np.max(logits, axis=1, keepdims=True)
    z = logits - max1
    exp = np.exp(z)
    sum1 = short_sum(exp, axis=1, keepdims=True)
    log = np.log(sum1)
    log_probs = z - log
    mul = log_probs * y
    sum2 = short_sum(mul, axis=1)
    # seed: the gradient of the sum of the outputs
    b_neg = scalar_seed(grad_ys)
    # adjoint of line 19: return -np.mean(np.sum(log_probs * y, axis=1))
    b_sum2 = -b_neg / size_of(sum2)
    b_sum2 = spread(b_sum2, sum2)
    del sum2
    b_mul = unreduce(b_sum2, mul, 1, False)
    del b_sum2, mul
    b_log_probs = unbroadcast(b_mul * y, log_probs)
    del b_mul, log_probs
    # adjoint of line 18: log_probs = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    b_z = unbroadcast(b_log_probs, z)
    del z
    b_log = -unbroadcast(b_log_probs, log)
    del b_log_probs, log
    b_sum1 = b_log / sum1
    del b_log, sum1
    b_exp = unreduce(b_sum1, exp, 1, True, b_z)
    del b_sum1
    b_z = add_into(b_z, b_exp * exp)
    del b_exp, exp
    # adjoint of line 17: z = logits - np.max(logits, axis=1, keepdims=True)
    b_logits = unbroadcast(b_z, logits)
    b_max1 = -unbroadcast(b_z, max1)
    del b_z
    b_logits = add_into(b_logits, extreme_grad(b_max1, logits, max1, 1, True))
    del b_max1, logits, max1
    # adjoint of line 16: logits = h @ params["W2"] + params["b2"]
    b_matmul1 = unbroadcast(b_logits, matmul1)
    b_b2 = unbroadcast(b_logits, b2)
    del b_logits
    b_params = item_add(None, params, 'b2', b_b2)
    vjp = vjp_matmul(b_matmul1, matmul1, x=h, y=W2)
    del b_matmul1, matmul1
    b_h = vjp[0]
    b_W2 = vjp[1]
    del vjp
    b_params = item_add(b_params, params, 'W2', b_W2)
    # adjoint of line 15: h = np.tanh(x @ params["W1"] + params["b1"])
    b_add = mul_into(b_h, 1.0 - h * h)
    del b_h, h
    b_matmul = unbroadcast(b_add, matmul)
    b_b1 = unbroadcast(b_add, b1)
    del b_add
    b_params = item_add(b_params, params, 'b1', b_b1)
    vjp1 = vjp_matmul(b_matmul, matmul, x=x, y=W1)
    del b_matmul, matmul
    b_W1 = vjp1[1]
    del vjp1
    b_params = item_add(b_params, params, 'W1', b_W1)
    return finish(b_params, params, False, (grad_ys,))
