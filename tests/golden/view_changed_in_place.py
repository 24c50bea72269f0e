def grad_view_changed_in_place(x, s, grad_ys=None):
    v = x * s
    w = v[1:]
    unused = view_of(w, v, 'w')
    add = 1 + 0.1 * s
    _v1 = v
    v = v * add
    v_i = v[1:]
    mul1 = v_i * v_i
    sum2 = np.sum(v)
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 553: return np.sum(w * w) + np.sum(v) * s
    b_sum2 = b_add1 * s
    b_s = sum2 * b_add1
    b_mul1 = spread(b_add1, mul1)
    del mul1
    b_v_i = b_mul1 * v_i
    b_v_i1 = mul_into(v_i, b_mul1)
    del b_mul1, v_i
    b_v = index_add(None, v, slice(1, None, None), b_v_i1) + b_sum2
    del b_v_i1, v
    b_v[1:] += b_v_i
    del b_v_i
    # adjoint of line 552: v *= 1 + 0.1 * s
    b_v_out = b_v
    b_v = mul_into(b_v, add)
    b_add = sum_product(_v1, b_v_out, add)
    del _v1, b_v_out
    b_s = b_s + 0.1 * b_add
    # adjoint of line 550: v = x * s
    b_x = b_v * s
    b_s = b_s + sum_product(x, b_v, s)
    return finish(b_x, x), finish(b_s, s)
