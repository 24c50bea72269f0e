def grad__weighted_terms(terms_0, offsets_shift, weight=1.0, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    t = None
    terms = terms_0,
    offsets = {'shift': offsets_shift}
    cmp = 'shift' in offsets
    if cmp:
        offsets['shift']
    n = len(terms)
    for k in range(n):
        _stack.append(t)
        t = terms[k]
    # seed: the gradient of the sum of the outputs
    b_out = grad_ys
    # adjoint of line 720: for t in terms:
    b_terms = zeros_tree(terms)
    # computed once for the loop below
    loop_invariant = 2.0 * (weight * b_out)
    for k in reversed(range(n)):
        # adjoint of line 721: out = out + weight * np.sum(t * t)
        b_t = mul_into(t, loop_invariant)
        del t
        # adjoint of line 720: for t in terms:
        t_before = _stack.pop()
        b_terms = item_add(b_terms, terms, k, b_t)
        del b_t
        t = t_before
    # adjoint of line 719: out = offsets["shift"] if "shift" in offsets else 0.0
    b_out1 = b_out
    # adjoint of line 719: out = offsets["shift"] if "shift" in offsets else 0.0
    if cmp:
        # adjoint of line 719: out = offsets["shift"] if "shift" in offsets else 0.0
        b_offsets = item_add(None, offsets, 'shift', b_out1)
    else:
        b_offsets = zeros_tree(offsets)
    # adjoint of line 718: def _weighted_terms(*terms, weight=1.0, **offsets):
    b_offsets_shift = item_grad(b_offsets, 'shift', offsets_shift)
    b_terms_0 = item_grad(b_terms, 0, terms_0)
    return b_terms_0, b_offsets_shift


def grad__weighted_terms1(terms_0, terms_1, terms_2, weight, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    sum1 = None
    t = None
    terms = terms_0, terms_1, terms_2
    offsets = {}
    cmp = 'shift' in offsets
    if cmp:
        out1 = offsets['shift']
    else:
        out1 = 0.0
    out = out1
    n = len(terms)
    for k in range(n):
        _stack.append(t)
        t = terms[k]
        _stack.append(sum1)
        sum1 = np.sum(t * t)
        out = out + weight * sum1
    # seed: the gradient of the sum of the outputs
    b_out = cotangent(grad_ys, out)
    # adjoint of line 720: for t in terms:
    b_terms = zeros_tree(terms)
    for k in reversed(range(n)):
        # adjoint of line 721: out = out + weight * np.sum(t * t)
        mul11 = weight * sum1
        b_mul1 = unbroadcast(b_out, mul11)
        sum1_before = _stack.pop()
        sum1 = sum1_before
        b_t = mul_into(t, 2.0 * (weight * b_mul1))
        del t
        # adjoint of line 720: for t in terms:
        t_before = _stack.pop()
        b_terms = item_add(b_terms, terms, k, b_t)
        del b_t
        t = t_before
    # adjoint of line 718: def _weighted_terms(*terms, weight=1.0, **offsets):
    b_terms_0 = item_grad(b_terms, 0, terms_0)
    b_terms_1 = item_grad(b_terms, 1, terms_1)
    b_terms_2 = item_grad(b_terms, 2, terms_2)
    return b_terms_0, b_terms_1, b_terms_2


def grad_varargs_helper(x, y, grad_ys=None):
    mul = y * 2.0
    mul1 = x * y
    weighted_terms = _weighted_terms(x, mul, mul1, weight=0.5)
    tanh = np.tanh(x)
    y_i = y[0]
    weighted_terms1 = _weighted_terms(tanh, shift=y_i)
    # seed: the gradient of the sum of the outputs
    b_add = seed(grad_ys, weighted_terms + weighted_terms1)
    # adjoint of line 729: return _weighted_terms(x, y * 2.0, x * y, weight=0.5) + _weighted_terms(np.tanh(x),
    b_weighted_terms = unbroadcast(b_add, weighted_terms)
    b_weighted_terms1 = unbroadcast(b_add, weighted_terms1)
    del b_add
    b__weighted_terms_args = grad__weighted_terms(terms_0=tanh,
        offsets_shift=y_i, grad_ys=b_weighted_terms1)
    b_tanh = b__weighted_terms_args[0]
    b_y = index_add(None, y, 0, b__weighted_terms_args[1])
    del b__weighted_terms_args
    b_x = b_tanh * (1.0 - tanh * tanh)
    del b_tanh, tanh
    b__weighted_terms_args1 = grad__weighted_terms1(terms_0=x, terms_1=mul,
        terms_2=mul1, weight=0.5, grad_ys=b_weighted_terms)
    del mul, mul1
    b_x += b__weighted_terms_args1[0]
    b_mul = b__weighted_terms_args1[1]
    b_mul1 = b__weighted_terms_args1[2]
    del b__weighted_terms_args1
    b_x += b_mul1 * y
    b_y += mul_into(b_mul1, x)
    del b_mul1
    b_y += mul_into(b_mul, 2.0)
    return finish(b_x, x), finish(b_y, y)
