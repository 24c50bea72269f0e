def fwd_tensorsolve(a, b, axes=None):
    tensorsolve_plan1 = tensorsolve_plan(a, b, axes)
    unpacked1 = unpacked(tensorsolve_plan1, 3)
    order = tensorsolve_plan1[0]
    shape = tensorsolve_plan1[1]
    prod = tensorsolve_plan1[2]
    asarray = np.asarray(a)
    transpose = np.transpose(asarray, order)
    square = np.reshape(transpose, (prod, prod))
    ravel = np.ravel(b)
    solve = np.linalg.solve(square, ravel)
    reshape = np.reshape(solve, shape)
    return reshape, (a, asarray, b, order, ravel, solve, square, transpose)


def bwd_tensorsolve(_record, grad_ys, b_a, b_b):
    # the values the primal sweep recorded
    a, asarray, b, order, ravel, solve, square, transpose = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 91: return np.reshape(np.linalg.solve(square, np.ravel(b)), shape)
    b_solve = np.reshape(grad_ys, np.shape(solve))
    vjp = vjp_solve(b_solve, solve, a=square, b=ravel)
    del b_solve, ravel, solve, square
    b_square = vjp[0]
    b_ravel = vjp[1]
    del vjp
    b_b = np.reshape(b_ravel, np.shape(b)
        ) if b_b is None else b_b + np.reshape(b_ravel, np.shape(b))
    del b_ravel
    # adjoint of line 90: square = np.reshape(np.transpose(np.asarray(a), order), (prod, prod))
    b_transpose = np.reshape(b_square, np.shape(transpose))
    del b_square, transpose
    b_asarray = np.transpose(b_transpose, None if order is None else np.
        argsort(np.mod(order, np.ndim(asarray))))
    del asarray, b_transpose
    b_a = unstack_like(b_asarray, a) if b_a is None else b_a + unstack_like(
        b_asarray, a)
    return b_a, b_b


def fwd_hfft(a, n=None, axis=-1, norm=None):
    _a = a
    a = np.asarray(a)
    cmp = n is None
    if cmp:
        shape = a.shape
        n = (shape[axis] - 1) * 2
    conjugate = np.conjugate(a)
    swapped_norm1 = swapped_norm(norm)
    irfft = np.fft.irfft(conjugate, n, axis, norm=swapped_norm1)
    return irfft, (_a, a, axis, conjugate, n, swapped_norm1)


def bwd_hfft(_record, grad_ys=None):
    # the values the primal sweep recorded
    _a, a, axis, conjugate, n, swapped_norm1 = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 210: return np.fft.irfft(np.conjugate(a), n, axis, norm=swapped_norm(norm))
    b_conjugate = irfft_grad(grad_ys, conjugate, n, axis, swapped_norm1)
    del conjugate
    b_a = match_complex(np.conj(b_conjugate), a)
    del b_conjugate
    # adjoint of line 207: a = np.asarray(a)
    b_a = unstack_like(b_a, _a)
    return b_a


def fwd_ihfft(a, n=None, axis=-1, norm=None):
    _a = a
    a = np.asarray(a)
    cmp = n is None
    if cmp:
        shape = a.shape
        n = shape[axis]
    swapped_norm1 = swapped_norm(norm)
    rfft = np.fft.rfft(a, n, axis, norm=swapped_norm1)
    conjugate = np.conjugate(rfft)
    return conjugate, (_a, a, axis, n, rfft, swapped_norm1)


def bwd_ihfft(_record, grad_ys=None):
    # the values the primal sweep recorded
    _a, a, axis, n, rfft, swapped_norm1 = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 218: return np.conjugate(np.fft.rfft(a, n, axis, norm=swapped_norm(norm)))
    b_rfft = match_complex(np.conj(grad_ys), rfft)
    del rfft
    b_a = rfft_grad(b_rfft, a, n, axis, swapped_norm1)
    del b_rfft
    # adjoint of line 215: a = np.asarray(a)
    b_a = unstack_like(b_a, _a)
    return b_a


def fwd_tensorinv(a, ind=2):
    tensorinv_plan1 = tensorinv_plan(a, ind)
    unpacked1 = unpacked(tensorinv_plan1, 2)
    rows = tensorinv_plan1[0]
    shape = tensorinv_plan1[1]
    asarray = np.asarray(a)
    reshape = np.reshape(asarray, (rows, -1))
    inv = np.linalg.inv(reshape)
    reshape1 = np.reshape(inv, shape)
    return reshape1, (a, asarray, inv, reshape)


def bwd_tensorinv(_record, grad_ys, b_a):
    # the values the primal sweep recorded
    a, asarray, inv, reshape = _record
    # seed: the gradient of the sum of the outputs
    # adjoint of line 110: return np.reshape(np.linalg.inv(np.reshape(np.asarray(a), (rows, -1))), shape)
    b_inv = np.reshape(grad_ys, np.shape(inv))
    vjp = vjp_inv(b_inv, inv, a=reshape)
    del b_inv, inv, reshape
    b_asarray = np.reshape(vjp, np.shape(asarray))
    del asarray
    b_a = unstack_like(b_asarray, a) if b_a is None else b_a + unstack_like(
        b_asarray, a)
    return b_a


def grad_tensor_solved(x, grad_ys=None):
    x_i = x[::-1]
    outer = np.outer(x, x_i)
    reshape = np.reshape(outer, (2, 2, 2, 2))
    eye = np.eye(4)
    reshape1 = np.reshape(3.0 * eye, (2, 2, 2, 2))
    a = reshape + reshape1
    reshape2 = np.reshape(x, (2, 2))
    s, _record_tensorsolve = fwd_tensorsolve(a, reshape2, axes=(1,))
    add = 1.0 + 0.5j
    hfft1, _record_hfft = fwd_hfft(x * add, norm='ortho')
    ihfft1, _record_ihfft = fwd_ihfft(x)
    abs1 = np.abs(ihfft1)
    item_i = abs1[1]
    h = hfft1 * item_i
    sum1 = np.sum(s ** 2)
    tensorinv1, _record_tensorinv = fwd_tensorinv(a)
    mul2 = tensorinv1 * a
    sum2 = np.sum(mul2)
    sum3 = np.sum(h ** 2)
    # seed: the gradient of the sum of the outputs
    b_add2 = seed(grad_ys, sum1 + sum2 + sum3)
    # adjoint of line 1339: return np.sum(s ** 2) + np.sum(np.linalg.tensorinv(a) * a) + np.sum(h ** 2)
    b_h = mul_into(h, b_add2 * 2.0)
    del h
    b_mul2 = spread(b_add2, mul2)
    del mul2
    b_tensorinv1 = unbroadcast(b_mul2 * a, tensorinv1)
    b_a = unbroadcast(tensorinv1 * b_mul2, a)
    del a, b_mul2, tensorinv1
    b_tensorinv_a = bwd_tensorinv(_record_tensorinv, b_tensorinv1, None)
    del b_tensorinv1
    b_a = add_into(b_a, b_tensorinv_a)
    b_s = mul_into(s, b_add2 * 2.0)
    del s
    # adjoint of line 1338: h = np.fft.hfft(x * (1.0 + 0.5j), norm="ortho") * np.abs(np.fft.ihfft(x))[1]
    b_hfft1 = unbroadcast(b_h * item_i, hfft1)
    b_item_i = unbroadcast(hfft1 * b_h, item_i)
    del b_h, hfft1, item_i
    b_abs1 = index_add(None, abs1, 1, b_item_i)
    del b_item_i
    vjp = vjp_absolute(b_abs1, abs1, x=ihfft1)
    del abs1, b_abs1, ihfft1
    b_ihfft_a = bwd_ihfft(_record_ihfft, vjp)
    b_hfft_a = bwd_hfft(_record_hfft, b_hfft1)
    del b_hfft1
    b_x = b_ihfft_a + b_hfft_a * add
    # adjoint of line 1337: s = np.linalg.tensorsolve(a, np.reshape(x, (2, 2)), axes=(1,))
    b_tensorsolve_args = bwd_tensorsolve(_record_tensorsolve, b_s, b_a, None)
    del b_a, b_s
    b_a = b_tensorsolve_args[0]
    b_reshape2 = b_tensorsolve_args[1]
    del b_tensorsolve_args
    b_x = add_into(b_x, np.reshape(b_reshape2, np.shape(x)))
    del b_reshape2
    # adjoint of line 1336: a = np.reshape(np.outer(x, x[::-1]), (2, 2, 2, 2)) + np.reshape(3.0 * np.eye(4), (2, 2, 2, 2))
    b_reshape = unbroadcast(b_a, reshape)
    del b_a, reshape
    b_outer = np.reshape(b_reshape, np.shape(outer))
    del b_reshape, outer
    b_x = add_into(b_x, b_outer @ x_i)
    del x_i
    b_x_i = x @ b_outer
    del b_outer
    b_x = index_add(b_x, x, slice(None, None, -1), b_x_i)
    return finish(b_x, x)
