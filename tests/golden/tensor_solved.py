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
    # adjoint of line 89: return np.reshape(np.linalg.solve(square, np.ravel(b)), shape)
    b_solve = np.reshape(grad_ys, np.shape(solve))
    vjp = vjp_solve(b_solve, solve, a=square, b=ravel)
    del b_solve, ravel, solve, square
    b_square = vjp[0]
    b_ravel = vjp[1]
    del vjp
    b_b = np.reshape(b_ravel, np.shape(b)
        ) if b_b is None else b_b + np.reshape(b_ravel, np.shape(b))
    del b_ravel
    # adjoint of line 88: square = np.reshape(np.transpose(np.asarray(a), order), (prod, prod))
    b_transpose = np.reshape(b_square, np.shape(transpose))
    del b_square, transpose
    b_asarray = np.transpose(b_transpose, None if order is None else np.
        argsort(np.mod(order, np.ndim(asarray))))
    del asarray, b_transpose
    b_a = unstack_like(b_asarray, a) if b_a is None else b_a + unstack_like(
        b_asarray, a)
    return b_a, b_b


def grad_tensor_solved(x, grad_ys=None):
    x_i = x[::-1]
    outer = np.outer(x, x_i)
    reshape = np.reshape(outer, (2, 2, 2, 2))
    eye = np.eye(4)
    reshape1 = np.reshape(3.0 * eye, (2, 2, 2, 2))
    a = reshape + reshape1
    reshape2 = np.reshape(x, (2, 2))
    tensorsolve1, _record_tensorsolve = fwd_tensorsolve(a, reshape2, axes=(1,))
    # seed: the gradient of the sum of the outputs
    b_sum1 = scalar_seed(grad_ys)
    # adjoint of line 1324: return np.sum(np.linalg.tensorsolve(a, np.reshape(x, (2, 2)), axes=(1,)) ** 2)
    b_tensorsolve1 = mul_into(tensorsolve1, b_sum1 * 2.0)
    del tensorsolve1
    b_tensorsolve_args = bwd_tensorsolve(_record_tensorsolve,
        b_tensorsolve1, None, None)
    del b_tensorsolve1
    b_a = b_tensorsolve_args[0]
    b_reshape2 = b_tensorsolve_args[1]
    del b_tensorsolve_args
    b_x = np.reshape(b_reshape2, np.shape(x))
    del b_reshape2
    # adjoint of line 1323: a = np.reshape(np.outer(x, x[::-1]), (2, 2, 2, 2)) + np.reshape(3.0 * np.eye(4), (2, 2, 2, 2))
    b_reshape = unbroadcast(b_a, reshape)
    del b_a, reshape
    b_outer = np.reshape(b_reshape, np.shape(outer))
    del b_reshape, outer
    b_x = add_into(b_x, b_outer @ x_i)
    del x_i
    b_x_i = x @ b_outer
    del b_outer
    b_x[::-1] += b_x_i
    return finish(b_x, x)
