def jvp_grad_tanh_layer(x, w, grad_ys=None, tangents=None):
    t_x = tangents[0]
    t_w = tangents[1]
    # line 2: h = np.tanh(x @ w)
    t_matmul = t_x @ w + x @ t_w
    h = np.tanh(x @ w)
    t_h = t_matmul * (1.0 - h * h)
    b_sum1 = scalar_seed(grad_ys)
    # line 6: b_h = 2.0 * b_sum1 * h
    mul = 2.0 * b_sum1
    b_h = mul * h
    t_b_h = broadcast_like(mul * t_h, b_h)
    # line 8: b_matmul = b_h * (1.0 - h * h)
    mul1 = h * h
    t_mul1 = 2.0 * broadcast_like(t_h * h, mul1)
    sub = 1.0 - mul1
    t_sub = -broadcast_like(t_mul1, sub)
    b_matmul = b_h * sub
    t_b_matmul = broadcast_like(t_b_h * sub, b_matmul) + broadcast_like(b_h *
        t_sub, b_matmul)
    # line 9: b_x = b_matmul @ w.T
    transposed = w.T
    t_transposed = np.transpose(t_w, None)
    b_x = b_matmul @ transposed
    t_b_x = t_b_matmul @ transposed + b_matmul @ t_transposed
    # line 10: b_w = x.T @ b_matmul
    transposed1 = x.T
    t_transposed1 = np.transpose(t_x, None)
    b_w = transposed1 @ b_matmul
    t_b_w = t_transposed1 @ b_matmul + transposed1 @ t_b_matmul
    # line 11: return finish(b_x, x, True), finish(b_w, w, True)
    finish1 = finish(b_x, x, True)
    t_finish1 = finish(t_b_x, x, True, None)
    finish2 = finish(b_w, w, True)
    t_finish2 = finish(t_b_w, w, True, None)
    return (finish1, finish2), (t_finish1, t_finish2)
