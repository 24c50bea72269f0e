def grad_dot_of_displays(x, grad_ys=None):
    x_i = x[0]
    items = [x_i, 2.0]
    x_i1 = x[1]
    items1 = [1.0, x_i1]
    items_array = np.asarray(items)
    items1_array = np.asarray(items1)
    dot = np.dot(items_array, items1_array)
    x_i2 = x[2]
    items2 = x_i2, 2.0
    items2_array = np.asarray(items2)
    clip = np.clip(items2_array, 0.0, 1.5)
    sum1 = np.sum(clip)
    # seed: the gradient of the sum of the outputs
    b_add = seed(grad_ys, dot + sum1)
    # adjoint of line 278: return np.dot([x[0], 2.0], [1.0, x[1]]) + np.sum(np.clip((x[2], 2.0), 0.0, 1.5))
    b_sum1 = unbroadcast(b_add, sum1)
    b_clip = spread(b_sum1, clip)
    del clip
    b_items2_array = mul_into(b_clip, (items2_array >= 0.0) & (items2_array <=
        1.5))
    del b_clip, items2_array
    b_items2 = unstack_like(b_items2_array, items2)
    del b_items2_array
    b_x_i2 = item_grad(b_items2, 0, x_i2)
    b_x = index_add(None, x, 2, b_x_i2)
    vjp = vjp_dot(b_add, dot, a=items_array, b=items1_array)
    del b_add, dot, items1_array, items_array
    b_items_array = vjp[0]
    b_items1_array = vjp[1]
    del vjp
    b_items1 = unstack_like(b_items1_array, items1)
    del b_items1_array
    b_items = unstack_like(b_items_array, items)
    del b_items_array
    b_x_i1 = item_grad(b_items1, 1, x_i1)
    b_x = index_add(b_x, x, 1, b_x_i1)
    b_x_i = item_grad(b_items, 0, x_i)
    b_x = index_add(b_x, x, 0, b_x_i)
    return finish(b_x, x)
