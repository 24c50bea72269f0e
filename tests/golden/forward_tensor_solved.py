def jvp_tensorsolve(a, b, axes=None, tangents=None):
    t_a = tangents[0]
    t_b = tangents[1]
    tensorsolve_plan1 = tensorsolve_plan(a, b, axes)
    unpacked1 = unpacked(tensorsolve_plan1, 3)
    order = tensorsolve_plan1[0]
    shape = tensorsolve_plan1[1]
    prod = tensorsolve_plan1[2]
    # line 90: square = np.reshape(np.transpose(np.asarray(a), order), (prod, prod))
    asarray = np.asarray(a)
    t_asarray = stack_tangents(t_a, a)
    transpose = np.transpose(asarray, order)
    t_transpose = np.transpose(t_asarray, order)
    square = np.reshape(transpose, (prod, prod))
    t_square = np.reshape(t_transpose, np.shape(square))
    # line 91: return np.reshape(np.linalg.solve(square, np.ravel(b)), shape)
    ravel = np.ravel(b)
    t_ravel = np.reshape(t_b, np.shape(ravel))
    solve = np.linalg.solve(square, ravel)
    t_solve = solve_tangent_lhs(t_square, solve, square, ravel
        ) + np.linalg.solve(square, t_ravel)
    reshape = np.reshape(solve, shape)
    t_reshape = np.reshape(t_solve, np.shape(reshape))
    return reshape, t_reshape


def jvp_hfft(a, n=None, axis=-1, norm=None, tangents=None):
    t_a = tangents[0]
    # line 207: a = np.asarray(a)
    _a_old = a
    a = np.asarray(a)
    t_a = stack_tangents(t_a, _a_old)
    cmp = n is None
    if cmp:
        shape = a.shape
        n = (shape[axis] - 1) * 2
    # line 210: return np.fft.irfft(np.conjugate(a), n, axis, norm=swapped_norm(norm))
    conjugate = np.conjugate(a)
    t_conjugate = match_complex(np.conj(t_a), a)
    swapped_norm1 = swapped_norm(norm)
    irfft = np.fft.irfft(conjugate, n, axis, norm=swapped_norm1)
    t_irfft = np.fft.irfft(t_conjugate, n, axis, swapped_norm1)
    return irfft, t_irfft


def jvp_ihfft(a, n=None, axis=-1, norm=None, tangents=None):
    t_a = tangents[0]
    # line 215: a = np.asarray(a)
    _a_old = a
    a = np.asarray(a)
    t_a = stack_tangents(t_a, _a_old)
    cmp = n is None
    if cmp:
        shape = a.shape
        n = shape[axis]
    # line 218: return np.conjugate(np.fft.rfft(a, n, axis, norm=swapped_norm(norm)))
    swapped_norm1 = swapped_norm(norm)
    rfft = np.fft.rfft(a, n, axis, norm=swapped_norm1)
    t_rfft = np.fft.rfft(t_a, n, axis, swapped_norm1)
    conjugate = np.conjugate(rfft)
    t_conjugate = match_complex(np.conj(t_rfft), rfft)
    return conjugate, t_conjugate


def jvp_tensorinv(a, ind=2, tangents=None):
    t_a = tangents[0]
    tensorinv_plan1 = tensorinv_plan(a, ind)
    unpacked1 = unpacked(tensorinv_plan1, 2)
    rows = tensorinv_plan1[0]
    shape = tensorinv_plan1[1]
    # line 110: return np.reshape(np.linalg.inv(np.reshape(np.asarray(a), (rows, -1))), shape)
    asarray = np.asarray(a)
    t_asarray = stack_tangents(t_a, a)
    reshape = np.reshape(asarray, (rows, -1))
    t_reshape = np.reshape(t_asarray, np.shape(reshape))
    inv = np.linalg.inv(reshape)
    t_inv = -inv @ t_reshape @ inv
    reshape1 = np.reshape(inv, shape)
    t_reshape1 = np.reshape(t_inv, np.shape(reshape1))
    return reshape1, t_reshape1


def jvp_tensor_solved(x, tangents):
    # line 1336: a = np.reshape(np.outer(x, x[::-1]), (2, 2, 2, 2)) + np.reshape(3.0 * np.eye(4), (2, 2, 2, 2))
    x_i = x[::-1]
    t_x_i = tangents[::-1]
    outer = np.outer(x, x_i)
    t_outer = np.outer(tangents, x_i) + np.outer(x, t_x_i)
    reshape = np.reshape(outer, (2, 2, 2, 2))
    t_reshape = np.reshape(t_outer, np.shape(reshape))
    eye = np.eye(4)
    reshape1 = np.reshape(3.0 * eye, (2, 2, 2, 2))
    a = reshape + reshape1
    t_a = broadcast_like(t_reshape, a)
    # line 1337: s = np.linalg.tensorsolve(a, np.reshape(x, (2, 2)), axes=(1,))
    reshape2 = np.reshape(x, (2, 2))
    t_reshape2 = np.reshape(tangents, np.shape(reshape2))
    s, t_s = jvp_tensorsolve(a, reshape2, axes=(1,), tangents=(t_a, t_reshape2)
        )
    # line 1338: h = np.fft.hfft(x * (1.0 + 0.5j), norm="ortho") * np.abs(np.fft.ihfft(x))[1]
    add = 1.0 + 0.5j
    mul1 = x * add
    t_mul1 = broadcast_like(tangents * add, mul1)
    hfft1, t_hfft1 = jvp_hfft(mul1, norm='ortho', tangents=(t_mul1,))
    ihfft1, t_ihfft1 = jvp_ihfft(x, tangents=(tangents,))
    abs1 = np.abs(ihfft1)
    t_abs1 = np.real(np.conj(ihfft1) * t_ihfft1) / np.where(ihfft1 == 0, 
        1.0, abs1)
    item_i = abs1[1]
    t_item_i = indexable(t_abs1)[1]
    h = hfft1 * item_i
    t_h = broadcast_like(t_hfft1 * item_i, h) + broadcast_like(hfft1 *
        t_item_i, h)
    # line 1339: return np.sum(s ** 2) + np.sum(np.linalg.tensorinv(a) * a) + np.sum(h ** 2)
    t_pow1 = t_s * 2.0 * s
    sum1 = np.sum(s ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    tensorinv1, t_tensorinv1 = jvp_tensorinv(a, tangents=(t_a,))
    mul2 = tensorinv1 * a
    t_mul2 = broadcast_like(t_tensorinv1 * a, mul2) + broadcast_like(
        tensorinv1 * t_a, mul2)
    sum2 = np.sum(mul2)
    t_sum2 = np.sum(t_mul2, axis=None, keepdims=False)
    add1 = sum1 + sum2
    t_add1 = broadcast_like(t_sum1, add1) + broadcast_like(t_sum2, add1)
    t_pow2 = t_h * 2.0 * h
    sum3 = np.sum(h ** 2)
    t_sum3 = np.sum(t_pow2, axis=None, keepdims=False)
    add2 = add1 + sum3
    t_add2 = broadcast_like(t_add1, add2) + broadcast_like(t_sum3, add2)
    return add2, t_add2
