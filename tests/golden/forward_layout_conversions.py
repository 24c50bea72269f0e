def jvp_layout_conversions(x, tangents):
    # line 950: f = np.asfortranarray(x * 2.0)
    mul = x * 2.0
    t_mul = broadcast_like(tangents * 2.0, mul)
    f = np.asfortranarray(mul)
    t_f = np.reshape(t_mul, np.shape(f))
    # line 951: c = np.ascontiguousarray(f.T)
    transposed = f.T
    t_transposed = np.transpose(t_f, None)
    c = np.ascontiguousarray(transposed)
    t_c = np.reshape(t_transposed, np.shape(c))
    # line 952: k = np.copy(x, order="F")
    k = np.copy(x, order='F')
    # line 953: return np.sum(np.arange(6.0) * f.ravel(order="A")) + np.sum(np.sin(c)) \
    arange = np.arange(6.0)
    ravel = f.ravel(order='A')
    t_ravel = np.ravel(t_f, order=index_order(f, 'A'))
    mul1 = arange * ravel
    t_mul1 = broadcast_like(arange * t_ravel, mul1)
    sum1 = np.sum(mul1)
    t_sum1 = np.sum(t_mul1, axis=None, keepdims=False)
    sin = np.sin(c)
    t_sin = t_c * np.cos(c)
    sum2 = np.sum(sin)
    t_sum2 = np.sum(t_sin, axis=None, keepdims=False)
    add = sum1 + sum2
    t_add = broadcast_like(t_sum1, add) + broadcast_like(t_sum2, add)
    asanyarray = np.asanyarray(k)
    t_asanyarray = np.reshape(tangents, np.shape(asanyarray))
    t_pow1 = t_asanyarray * 2.0 * asanyarray
    sum3 = np.sum(asanyarray ** 2)
    t_sum3 = np.sum(t_pow1, axis=None, keepdims=False)
    add1 = add + sum3
    t_add1 = broadcast_like(t_add, add1) + broadcast_like(t_sum3, add1)
    return add1, t_add1
