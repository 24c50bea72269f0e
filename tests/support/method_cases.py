"""A class-based model for the golden files (tests/support/golden_cases.py): the method's
parameters are differentiated, the object's attributes are constants."""

import numpy as np

RNG = np.random.default_rng(15)


class Regression:
    def __init__(self, features, targets, decay):
        self.features = features
        self.targets = targets
        self.decay = decay

    def predict(self, w):
        return np.tanh(np.dot(self.features, w))

    def loss(self, w):
        r = self.predict(w) - self.targets
        return 0.5 * np.sum(r * r) + self.decay * np.sum(w * w)


REGRESSION = Regression(RNG.uniform(-1.0, 1.0, (4, 3)), RNG.uniform(-1.0, 1.0, 4), 0.1)
W0 = RNG.uniform(-1.0, 1.0, 3)
