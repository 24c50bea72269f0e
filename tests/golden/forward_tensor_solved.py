def jvp_tensorsolve(a, b, axes=None, tangents=None):
    t_a = tangents[0]
    t_b = tangents[1]
    tensorsolve_plan1 = tensorsolve_plan(a, b, axes)
    unpacked1 = unpacked(tensorsolve_plan1, 3)
    order = tensorsolve_plan1[0]
    shape = tensorsolve_plan1[1]
    prod = tensorsolve_plan1[2]
    # line 88: square = np.reshape(np.transpose(np.asarray(a), order), (prod, prod))
    asarray = np.asarray(a)
    t_asarray = stack_tangents(t_a, a)
    transpose = np.transpose(asarray, order)
    t_transpose = np.transpose(t_asarray, order)
    square = np.reshape(transpose, (prod, prod))
    t_square = np.reshape(t_transpose, np.shape(square))
    # line 89: return np.reshape(np.linalg.solve(square, np.ravel(b)), shape)
    ravel = np.ravel(b)
    t_ravel = np.reshape(t_b, np.shape(ravel))
    solve = np.linalg.solve(square, ravel)
    t_solve = solve_tangent_lhs(t_square, solve, square, ravel
        ) + np.linalg.solve(square, t_ravel)
    reshape = np.reshape(solve, shape)
    t_reshape = np.reshape(t_solve, np.shape(reshape))
    return reshape, t_reshape


def jvp_tensor_solved(x, tangents):
    # line 1323: a = np.reshape(np.outer(x, x[::-1]), (2, 2, 2, 2)) + np.reshape(3.0 * np.eye(4), (2, 2, 2, 2))
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
    # line 1324: return np.sum(np.linalg.tensorsolve(a, np.reshape(x, (2, 2)), axes=(1,)) ** 2)
    reshape2 = np.reshape(x, (2, 2))
    t_reshape2 = np.reshape(tangents, np.shape(reshape2))
    tensorsolve1, t_tensorsolve1 = jvp_tensorsolve(a, reshape2, axes=(1,),
        tangents=(t_a, t_reshape2))
    t_pow1 = t_tensorsolve1 * 2.0 * tensorsolve1
    sum1 = np.sum(tensorsolve1 ** 2)
    t_sum1 = np.sum(t_pow1, axis=None, keepdims=False)
    return sum1, t_sum1
