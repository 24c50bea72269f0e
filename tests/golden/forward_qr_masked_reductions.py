def jvp_qr_masked_reductions(a, s, tangents):
    t_a = tangents[0]
    t_s = tangents[1]
    # line 355: q, r = np.linalg.qr(a)
    qr = np.linalg.qr(a)
    t_qr = qr_tangent(t_a, qr, a, 'reduced')
    unpacked1 = unpacked(qr, 2)
    q = qr[0]
    t_q = item_grad(t_qr, 0, q)
    r = qr[1]
    t_r = item_grad(t_qr, 1, r)
    # line 356: top = np.max(a * s, axis=0, initial=0.2, where=a > -1.0)
    mul = a * s
    t_mul = broadcast_like(t_a * s, mul) + broadcast_like(a * t_s, mul)
    cmp = a > -1.0
    top = np.max(mul, axis=0, initial=0.2, where=cmp)
    t_top = np.sum(t_mul * extreme_mask(mul, top, 0, False, 0.2, cmp), axis
        =0, keepdims=False)
    # line 357: return (np.sum(q * r[0], where=a < 1.5) + np.sum(top ** 2) + np.sum(np.diagonal(r))
    r_i = r[0]
    t_r_i = item_grad(t_r, 0, r_i)
    mul1 = q * r_i
    t_mul1 = broadcast_like(t_q * r_i, mul1) + broadcast_like(q * t_r_i, mul1)
    cmp1 = a < 1.5
    sum1 = np.sum(mul1, where=cmp1)
    t_sum1 = np.sum(t_mul1, axis=None, keepdims=False, where=cmp1)
    t_pow1 = t_top * 2.0 * top
    sum2 = np.sum(top ** 2)
    t_sum2 = np.sum(t_pow1, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    diagonal = np.diagonal(r)
    t_diagonal = np.diagonal(filled(t_r, r), 0, 0, 1)
    sum3 = np.sum(diagonal)
    t_sum3 = np.sum(t_diagonal, axis=None, keepdims=False)
    add1 = add + sum3
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum3, add1)
    mul2 = s * 3.0
    t_mul2 = broadcast_like(t_s * 3.0, mul2)
    fmod = math.fmod(mul2, 0.7)
    t_fmod = broadcast_like(t_mul2, fmod)
    add2 = add1 + fmod
    t_add2 = broadcast_like(t_add1, add2) + broadcast_like(t_fmod, add2)
    return add2, t_add2
