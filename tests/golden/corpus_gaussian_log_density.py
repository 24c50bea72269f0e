def grad_gaussian_log_density(mu, log_sigma, xs, grad_ys=None):
    _stack = []
    # names first bound inside loops or branches start unbound
    mul = None
    z = None
    sigma = math.exp(log_sigma)
    items = []
    n = len(xs)
    for k in range(n):
        x = xs[k]
        items.append((x - mu) / sigma)
    zs = items
    items1 = []
    n1 = len(items)
    for k1 in range(n1):
        _stack.append(z)
        z = zs[k1]
        _stack.append(mul)
        mul = z * z
        items1.append(mul)
    n2 = len(xs)
    # seed: the gradient of the sum of the outputs
    b_add1 = scalar_seed(grad_ys)
    # adjoint of line 682: log_prior = -0.5 * mu * mu - 0.5 * math.log(2.0 * math.pi)
    b_mu = -0.5 * mu * b_add1 + -0.5 * (b_add1 * mu)
    # adjoint of line 680: log_lik = -0.5 * math.fsum([z * z for z in zs]) - len(xs) * (
    b_log_sigma = n2 * -b_add1
    b_items1 = sum_of_items_grad(-0.5 * b_add1, items1)
    # adjoint of line 680: log_lik = -0.5 * math.fsum([z * z for z in zs]) - len(xs) * (
    b_zs = zeros_tree(zs)
    for k1 in reversed(range(n1)):
        # adjoint of line 680: log_lik = -0.5 * math.fsum([z * z for z in zs]) - len(xs) * (
        b_items1, b_item = pop_grad(b_items1, mul)
        del mul
        items1.pop()
        mul_before = _stack.pop()
        b_z = 2.0 * b_item * z
        mul = mul_before
        z_before = _stack.pop()
        b_zs = item_add(b_zs, zs, k1, b_z)
        z = z_before
    # adjoint of line 679: zs = [(x - mu) / sigma for x in xs]
    b_items = b_zs
    # adjoint of line 679: zs = [(x - mu) / sigma for x in xs]
    b_sigma = 0.0
    for k in reversed(range(n)):
        # adjoint of line 679: zs = [(x - mu) / sigma for x in xs]
        div1 = (xs[k] - mu) / sigma
        b_items, b_item1 = pop_grad(b_items, div1)
        items.pop()
        b_sub = b_item1 / sigma
        b_sigma = b_sigma + -b_sub * div1
        b_mu = b_mu - b_sub
    # adjoint of line 678: sigma = math.exp(log_sigma)
    b_log_sigma = b_log_sigma + b_sigma * sigma
    return finish(b_mu, mu), finish(b_log_sigma, log_sigma)
