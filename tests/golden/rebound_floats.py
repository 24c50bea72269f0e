def grad_rebound_floats(x, s, grad_ys=None):
    v = np.array(x, dtype=float)
    mul = s * 2.0
    a = mul + v[0]
    n = len(v)
    floordiv = n // 2
    v_i1 = v[floordiv]
    _b1 = mul
    b = mul * v_i1
    d = a * b
    cumsum = np.cumsum(v)
    item_i = cumsum[1:]
    items = [item_i, v[:1]]
    concatenate = np.concatenate(items)
    n1 = len(concatenate)
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 573: return a * b + c
    b_c = b_add
    b_a = b_add * b
    b_b = a * b_add
    # adjoint of line 571: for e in np.concatenate([np.cumsum(v)[1:], v[:1]]):
    b_concatenate = np.zeros_like(concatenate)
    b_d = 0.0
    for k in reversed(range(n1)):
        # adjoint of line 572: c += e * d
        b_e = b_c * d
        b_d = b_d + concatenate[k] * b_c
        # adjoint of line 571: for e in np.concatenate([np.cumsum(v)[1:], v[:1]]):
        b_concatenate[k] += b_e
    del concatenate
    # adjoint of line 571: for e in np.concatenate([np.cumsum(v)[1:], v[:1]]):
    pieces = split_rest(b_concatenate, (item_i,), 0)
    del b_concatenate, item_i
    b_item_i = pieces[0]
    b_v_i2 = pieces[1]
    del pieces
    b_v = index_add(None, v, slice(None, 1, None), b_v_i2)
    del b_v_i2
    b_cumsum = index_add(None, cumsum, slice(1, None, None), b_item_i)
    del b_item_i, cumsum
    b_v += np.reshape(np.flip(np.cumsum(np.flip(b_cumsum, None), None),
        None), np.shape(v))
    del b_cumsum, v
    # adjoint of line 570: c = d = a * b
    b_mul1 = b_d + b_c
    b_a = b_a + b_mul1 * b
    b_b = b_b + a * b_mul1
    # adjoint of line 569: b *= v[len(v) // 2]
    b_b_out = b_b
    b_b = b_b * v_i1
    b_v[floordiv] += _b1 * b_b_out
    # adjoint of line 568: a += v[0]
    b_v[0] += b_a
    # adjoint of line 567: a = b = s * 2.0
    b_s = (b_b + b_a) * 2.0
    # adjoint of line 566: v = np.array(x, dtype=float)
    b_x = unstack_like(b_v, x)
    return finish(b_x, x, False, (grad_ys,)), finish(b_s, s)
