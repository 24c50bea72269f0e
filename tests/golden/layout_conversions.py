def grad_layout_conversions(x, grad_ys=None):
    mul = x * 2.0
    f = np.asfortranarray(mul)
    transposed = f.T
    c = np.ascontiguousarray(transposed)
    k = np.copy(x, order='F')
    arange = np.arange(6.0)
    ravel = f.ravel(order='A')
    mul1 = arange * ravel
    asanyarray = np.asanyarray(k)
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 953: return np.sum(np.arange(6.0) * f.ravel(order="A")) + np.sum(np.sin(c)) \
    b_asanyarray = mul_into(asanyarray, b_add1 * 2.0)
    del asanyarray
    b_k = np.reshape(b_asanyarray, np.shape(k))
    del b_asanyarray, k
    b_c = b_add1 * np.cos(c)
    del c
    b_mul1 = spread(b_add1, mul1)
    del mul1
    b_ravel = unbroadcast(arange * b_mul1, ravel)
    del arange, b_mul1, ravel
    b_f = np.reshape(b_ravel, np.shape(f), order=index_order(f, 'A'))
    del b_ravel, f
    # adjoint of line 951: c = np.ascontiguousarray(f.T)
    b_transposed = np.reshape(b_c, np.shape(transposed))
    del b_c, transposed
    b_f = add_into(b_f, np.transpose(b_transposed))
    del b_transposed
    # adjoint of line 950: f = np.asfortranarray(x * 2.0)
    b_mul = np.reshape(b_f, np.shape(mul))
    del b_f, mul
    b_x = add_into(b_k, b_mul * 2.0)
    return finish(b_x, x)
