def grad_predict(w, grad_ys=None):
    features = self.features
    dot = np.dot(features, w)
    tanh = np.tanh(dot)
    # seed: the gradient of the sum of the outputs
    # adjoint of line 16: return np.tanh(np.dot(self.features, w))
    b_dot = grad_ys * (1.0 - tanh * tanh)
    del tanh
    vjp = vjp_dot(b_dot, dot, a=features, b=w)
    del b_dot, dot
    b_w = vjp[1]
    return b_w,


def grad_loss(w, grad_ys=None):
    predict = self.predict(w)
    targets = self.targets
    r = predict - targets
    mul = r * r
    decay = self.decay
    # seed: the gradient of the sum of the outputs
    b_add = scalar_seed(grad_ys)
    # adjoint of line 20: return 0.5 * np.sum(r * r) + self.decay * np.sum(w * w)
    b_w = 2.0 * (decay * b_add) * w
    b_mul = spread(0.5 * b_add, mul)
    del mul
    b_r = mul_into(r, 2.0 * b_mul)
    del b_mul, r
    # adjoint of line 19: r = self.predict(w) - self.targets
    b_predict = unbroadcast(b_r, predict)
    del b_r
    b_predict_args = grad_predict(w, grad_ys=b_predict)
    b_w += b_predict_args[0]
    return finish(b_w, w)
