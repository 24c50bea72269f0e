def grad_dot_of_displays(x, grad_ys=None):
    x_i = x[0]
    items = [x_i, 2.0]
    x_i1 = x[1]
    items1 = [1.0, x_i1]
    items_array = np.asarray(items)
    items1_array = np.asarray(items1)
    x_i2 = x[2]
    items2 = x_i2, 2.0
    items2_array = np.asarray(items2)
    clip = np.clip(items2_array, 0.0, 1.5)
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 280: return np.dot([x[0], 2.0], [1.0, x[1]]) + np.sum(np.clip((x[2], 2.0), 0.0, 1.5))
    b_clip = spread(b_add, clip)
    del clip
    b_items2_array = mul_into(b_clip, (items2_array >= 0.0) & (items2_array <=
        1.5))
    del b_clip, items2_array
    b_items2 = unstack_like(b_items2_array, items2)
    del b_items2_array
    b_x_i2 = item_grad(b_items2, 0, x_i2)
    b_x = index_add(None, x, 2, b_x_i2)
    b_items_array = mul_into(items1_array, b_add)
    del items1_array
    b_items1_array = mul_into(items_array, b_add)
    del items_array
    b_items1 = unstack_like(b_items1_array, items1)
    del b_items1_array
    b_items = unstack_like(b_items_array, items)
    del b_items_array
    b_x_i1 = item_grad(b_items1, 1, x_i1)
    b_x[1] += b_x_i1
    b_x_i = item_grad(b_items, 0, x_i)
    b_x[0] += b_x_i
    return finish(b_x, x)
