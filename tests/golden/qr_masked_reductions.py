def grad_qr_masked_reductions(a, s, grad_ys=None):
    qr = np.linalg.qr(a)
    unpacked1 = unpacked(qr, 2)
    q = qr[0]
    r = qr[1]
    mul = a * s
    cmp = a > -1.0
    top = np.max(mul, axis=0, initial=0.2, where=cmp)
    r_i = r[0]
    mul1 = q * r_i
    cmp1 = a < 1.5
    sum1 = np.sum(mul1, where=cmp1)
    sum2 = np.sum(top ** 2)
    diagonal = np.diagonal(r)
    sum3 = np.sum(diagonal)
    fmod = math.fmod(s * 3.0, 0.7)
    # seed: the gradient of the sum of the outputs
    b_add2 = seed(grad_ys, sum1 + sum2 + sum3 + fmod)
    del sum1
    # adjoint of line 357: return (np.sum(q * r[0], where=a < 1.5) + np.sum(top ** 2) + np.sum(np.diagonal(r))
    b_fmod = unbroadcast(b_add2, fmod)
    b_s = b_fmod * 3.0
    b_sum3 = unbroadcast(b_add2, sum3)
    b_diagonal = spread(b_sum3, diagonal)
    del diagonal
    b_r = diagonal_grad(b_diagonal, r, 0, 0, 1)
    del b_diagonal
    b_sum2 = unbroadcast(b_add2, sum2)
    b_top = b_sum2 * 2.0 * top
    b_mul1 = unreduce(b_add2, mul1, None, False, cmp1) * cmp1
    del b_add2, mul1
    b_q = unbroadcast(b_mul1 * r_i, q)
    b_r_i = unbroadcast(q * b_mul1, r_i)
    del b_mul1
    b_r = item_add(b_r, r, 0, b_r_i)
    # adjoint of line 356: top = np.max(a * s, axis=0, initial=0.2, where=a > -1.0)
    b_mul = unreduce(b_top, mul, 0, False) * extreme_mask(mul, top, 0, 
        False, 0.2, cmp)
    del b_top, mul, top
    b_a = b_mul * s
    b_s = b_s + sum_product(a, b_mul, s)
    del b_mul
    # adjoint of line 355: q, r = np.linalg.qr(a)
    b_qr = item_add(None, qr, 1, b_r)
    b_qr = item_add(b_qr, qr, 0, b_q)
    b_a += qr_grad(b_qr, qr, a, 'reduced')
    return finish(b_a, a), finish(b_s, s)
