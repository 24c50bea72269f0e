def grad_kalman_nll(phi, log_q, log_r, ys, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    div = None
    k = None
    log = None
    mul2 = None
    mul3 = None
    mul5 = None
    mul6 = None
    s = None
    v = None
    q = math.exp(log_q)
    r = math.exp(log_r)
    m = 0.0
    p = 1.0
    nll = 0.0
    n = len(ys)
    for k1 in range(n):
        y = ys[k1]
        _stack.append(m)
        m = phi * m
        _stack.append(p)
        p = phi * phi * p + q
        _stack.append(s)
        s = max(p + r, 1e-09)
        _stack.append(v)
        v = y - m
        pi = math.pi
        _stack.append(mul2)
        mul2 = 2.0 * pi
        _stack.append(mul3)
        mul3 = mul2 * s
        _stack.append(log)
        log = math.log(mul3)
        _stack.append(div)
        div = v * v / s
        _stack.append(mul5)
        mul5 = 0.5 * (log + div)
        _stack.append(nll)
        nll = nll + mul5
        _stack.append(k)
        k = p / s
        _stack.append(mul6)
        mul6 = k * v
        _stack.append(m)
        m = m + mul6
        _stack.append(p)
        p = (1.0 - k) * p
    # seed: the gradient of the sum of the outputs
    b_nll = seed(grad_ys, nll)
    # adjoint of line 641: for y in ys:
    b_m = np.zeros_like(m)
    b_p = 0.0
    b_phi = 0.0
    b_q = 0.0
    b_r = 0.0
    # computed once for the loop below
    loop_invariant = phi * phi
    for k1 in reversed(range(n)):
        # adjoint of line 649: p = (1.0 - k) * p
        p_before = _stack.pop()
        b_k = -b_p * p_before
        b_p = (1.0 - k) * b_p
        # adjoint of line 648: m = m + k * v
        m_before = _stack.pop()
        b_m_out = b_m
        b_m = unbroadcast(b_m, m_before)
        b_mul6 = unbroadcast(b_m_out, mul6)
        mul6_before = _stack.pop()
        b_k = b_k + unbroadcast(b_mul6 * v, k)
        b_v = k * b_mul6
        mul6 = mul6_before
        # adjoint of line 647: k = p / s
        k_before = _stack.pop()
        b_p = b_p + b_k / s
        b_s = -b_k * k / s
        k = k_before
        # adjoint of line 646: nll += 0.5 * (math.log(2.0 * math.pi * s) + v * v / s)
        nll_before = _stack.pop()
        b_nll_out = b_nll
        b_nll = unbroadcast(b_nll, nll_before)
        b_mul5 = unbroadcast(b_nll_out, mul5)
        mul5_before = _stack.pop()
        b_add1 = 0.5 * b_mul5
        mul5 = mul5_before
        b_log = unbroadcast(b_add1, log)
        div_before = _stack.pop()
        b_mul4 = b_add1 / s
        b_s = b_s + unbroadcast(-b_add1 * div / s, s)
        div = div_before
        b_v = b_v + 2.0 * b_mul4 * v
        log_before = _stack.pop()
        b_mul3 = b_log / mul3
        log = log_before
        mul3_before = _stack.pop()
        b_s = b_s + unbroadcast(mul2 * b_mul3, s)
        mul3 = mul3_before
        mul2_before = _stack.pop()
        mul2 = mul2_before
        # adjoint of line 645: v = y - m
        v_before = _stack.pop()
        b_m = b_m + unbroadcast(-b_v, m_before)
        v = v_before
        # adjoint of line 644: s = max(p + r, 1e-9)
        s_before = _stack.pop()
        parts = extreme_grads(b_s, s, (p_before + r, 1e-09))
        b_add = parts[0]
        s = s_before
        b_p = b_p + b_add
        b_r = b_r + b_add
        # adjoint of line 643: p = phi * phi * p + q
        p_before1 = _stack.pop()
        b_q = b_q + b_p
        b_mul = b_p * p_before1
        b_p = loop_invariant * b_p
        b_phi = b_phi + 2.0 * b_mul * phi
        # adjoint of line 642: m = phi * m
        m_before1 = _stack.pop()
        b_phi = b_phi + unbroadcast(b_m * m_before1, phi)
        b_m = phi * b_m
    # adjoint of line 638: r = math.exp(log_r)
    b_log_r = b_r * r
    # adjoint of line 637: q = math.exp(log_q)
    b_log_q = b_q * q
    return finish(b_phi, phi), finish(b_log_q, log_q), finish(b_log_r, log_r)
