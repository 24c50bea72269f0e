"""Small models written the way people write them: parameters in attributes (`self.W`),
methods calling methods, dataclasses holding arrays, lists of dicts of layer arrays,
closures capturing arrays, module-level constants, array defaults, properties.
tests/soundness/test_object_models.py checks each against central finite differences in
reverse mode, `verify=True` and `sd.jvp` (or that srcdiff refuses it clearly). Each entry
of CASES: (name, function, arguments, wrt)."""

import dataclasses
import functools
from typing import NamedTuple

import numpy as np

RNG = np.random.default_rng(48)
X = RNG.normal(size=(5, 3))
Y = RNG.normal(size=(5, 2))
W0 = RNG.normal(size=(3, 2)) * 0.5
B0 = RNG.normal(size=2) * 0.1
SCALE = 0.7
EPS = 1e-3
TABLE = {"a": 1.5, "b": -0.5}


def _w():
    return W0.copy()


# ---------------------------------------------------------------- classes with attributes

class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def forward(self, x):
        return x @ self.w + self.b

    def loss(self, x, y):
        r = self.forward(x) - y
        return np.mean(r * r)


def linear_method_loss(w, b):
    return Linear(w, b).loss(X, Y)


class Tanh:
    def __call__(self, z):
        return np.tanh(z)


class MLP:
    def __init__(self, w1, w2):
        self.w1 = w1
        self.w2 = w2
        self.act = Tanh()

    def hidden(self, x):
        return self.act(x @ self.w1)

    def __call__(self, x):
        return self.hidden(x) @ self.w2


def mlp_call_loss(w1, w2):
    m = MLP(w1, w2)
    return np.sum((m(X) - Y) ** 2)


class Model:
    def __init__(self):
        self.w = W0.copy()
        self.b = B0.copy()

    def predict(self, x):
        return np.tanh(x @ self.w) + self.b

    def loss(self, x, y):
        return np.sum((self.predict(x) - y) ** 2)

    def loss_at(self, w, b):  # the parameters passed in, stored into the object
        self.w = w
        self.b = b
        return self.loss(X, Y)


def model_loss_at(w, b):
    return Model().loss_at(w, b)


class Scaled:
    factor = 2.5  # a class attribute

    def __init__(self, w):
        self.w = w

    @property
    def weight(self):
        return self.w * self.factor

    def energy(self, x):
        return np.sum((x @ self.weight) ** 2)


def property_loss(w):
    return Scaled(w).energy(X)


class Stat:
    @staticmethod
    def sq(v):
        return v * v

    @classmethod
    def total(cls, v):
        return np.sum(cls.sq(v))


def static_and_class_methods(w):
    return Stat.total(X @ w)


_SHARED = Model()


def bound_method_of_a_global(x):
    return _SHARED.loss(x, Y)


def bound_method_itself(x, y):
    return _SHARED.loss(x, y)


class Counter:
    def __init__(self):
        self.calls = 0
        self.acc = 0.0

    def add(self, v):
        self.calls += 1
        self.acc = self.acc + np.sum(v * v)
        return self.acc


def object_accumulates(w):
    c = Counter()
    c.add(X @ w)
    c.add(np.sin(w))
    return c.acc


class Layer:
    def __init__(self, w, b, act):
        self.w, self.b, self.act = w, b, act

    def __call__(self, h):
        return self.act(h @ self.w + self.b)


def layers_in_a_list_of_objects(w1, w2):
    net = [Layer(w1, 0.1, np.tanh), Layer(w2, -0.2, np.sin)]
    h = X
    for layer in net:
        h = layer(h)
    return np.sum(h)


class Residual:
    def __init__(self, w):
        self.w = w

    def block(self, h):
        return h + np.tanh(h @ self.w)

    def run(self, h, depth):
        for _ in range(depth):
            h = self.block(h)
        return h


def residual_method_loop(w):
    return np.sum(Residual(w).run(X, 3) ** 2)


class Base:
    def __init__(self, w):
        self.w = w

    def act(self, z):
        return z

    def out(self, x):
        return self.act(x @ self.w)


class Sub(Base):
    def act(self, z):
        return np.tanh(z) * 2.0


def inheritance_override(w):
    return np.sum(Sub(w).out(X) ** 2)


class WithSuper(Sub):
    def act(self, z):
        return super().act(z) + z


def super_call(w):
    return np.sum(WithSuper(w).out(X))


# ---------------------------------------------------------------- dataclasses and records

@dataclasses.dataclass
class Params:
    w: np.ndarray
    b: np.ndarray


def dataclass_built_inside(w, b):
    p = Params(w, b)
    return np.sum((X @ p.w + p.b - Y) ** 2)


def _forward(p, x):
    return np.tanh(x @ p.w + p.b)


def dataclass_passed_to_helper(w, b):
    return np.sum(_forward(Params(w=w, b=b), X) ** 2)


@dataclasses.dataclass
class Config:
    lam: float = 0.1
    power: int = 2


def dataclass_config(w):
    cfg = Config()
    return np.sum(w ** cfg.power) * cfg.lam + np.sum(X @ w)


def dataclass_replaced(w, b):
    p = Params(w, b)
    q = dataclasses.replace(p, b=b * 2.0)
    return np.sum(X @ q.w + q.b)


class Pair(NamedTuple):
    w: np.ndarray
    b: np.ndarray


def named_tuple_params(p):
    return np.sum(np.tanh(X @ p.w + p.b))


# ---------------------------------------------------------------- dicts and lists of arrays

def mlp_list_of_dicts(layers):
    h = X
    for i, layer in enumerate(layers):
        h = h @ layer["w"] + layer["b"]
        if i < len(layers) - 1:
            h = np.tanh(h)
    return np.mean((h - Y) ** 2)


def dict_of_params(p):
    z = X @ p["w"] + p["b"]
    return np.sum(np.log1p(np.exp(z))) + 0.01 * np.sum(p["w"] ** 2)


def nested_dict_params(p):
    h = np.tanh(X @ p["enc"]["w"])
    return np.sum((h @ p["dec"]["w"]) ** 2)


def list_of_weights(ws):
    h = X
    for w in ws:
        h = np.tanh(h @ w)
    return np.sum(h)


def tuple_params_unpacked(params):
    w, b = params
    return np.sum(np.sin(X @ w + b))


def dict_comprehension_of_params(p):
    scaled = {k: v * 2.0 for k, v in p.items()}
    return np.sum(X @ scaled["w"]) + np.sum(scaled["b"] ** 2)


def sum_of_squares_over_dict(p):
    reg = sum(np.sum(v * v) for v in p.values())
    return reg + np.sum(X @ p["w"])


def params_dict_updated_in_place(p):
    q = dict(p)
    q["w"] = q["w"] * 0.5
    return np.sum((X @ q["w"] + q["b"]) ** 2)


def list_of_dicts_built_inside(w1, w2):
    layers = [{"w": w1, "act": np.tanh}, {"w": w2, "act": np.sin}]
    h = X
    for layer in layers:
        h = layer["act"](h @ layer["w"])
    return np.sum(h)


# ---------------------------------------------------------------- closures and globals

def make_loss(x, y):
    def loss(w):
        return np.sum((x @ w - y) ** 2)
    return loss


closure_loss = make_loss(X, Y)


def make_regularized(lam):
    def loss(w, b):
        return np.sum((X @ w + b - Y) ** 2) + lam * np.sum(w * w)
    return loss


closure_number = make_regularized(0.3)


def make_counter_closure():
    state = {"scale": 2.0}

    def loss(w):
        return state["scale"] * np.sum(np.tanh(X @ w))
    return loss


closure_dict_state = make_counter_closure()


def global_constants(w):
    return SCALE * np.sum((X @ w) ** 2) + EPS * np.sum(w ** 2) + TABLE["a"] * np.sum(w)


def default_array(w, b=B0):
    return np.sum(np.tanh(X @ w + b))


def default_number(w, lam=0.5):
    return np.sum(X @ w) + lam * np.sum(w ** 2)


def default_array_wrt_default(w, b=B0):
    return np.sum((X @ w + b) ** 2)


def inner_def_captures(w):
    def act(z):
        return np.tanh(z) * w[0, 0]
    return np.sum(act(X @ w))


def lambda_captures(w):
    act = lambda z: np.sin(z) * w[1, 1]  # noqa: E731
    return np.sum(act(X @ w))


def partial_of_helper(w, b):
    f = functools.partial(_affine, b=b)
    return np.sum(np.tanh(f(X, w)))


def _affine(x, w, b):
    return x @ w + b


linear_bound = Linear(W0.copy(), B0.copy()).loss


def differentiate_bound_method(x, y):
    return linear_bound(x, y)


class Loss:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __call__(self, w, b):
        return np.sum((self.x @ w + b - self.y) ** 2)


callable_object = Loss(X, Y)


def softmax_model(w):
    z = X @ w
    z = z - np.max(z, axis=1, keepdims=True)
    p = np.exp(z) / np.sum(np.exp(z), axis=1, keepdims=True)
    return -np.sum(np.log(p[:, 0]))


class RNNCell:
    def __init__(self, wx, wh):
        self.wx = wx
        self.wh = wh

    def step(self, h, x):
        return np.tanh(x @ self.wx + h @ self.wh)

    def run(self, xs):
        h = np.zeros(self.wh.shape[0])
        for x in xs:
            h = self.step(h, x)
        return h


def rnn_cell_object(wx, wh):
    return np.sum(RNNCell(wx, wh).run(X))


class Normalizer:
    def __init__(self, eps=1e-5):
        self.eps = eps

    def __call__(self, h):
        mu = np.mean(h, axis=0)
        var = np.var(h, axis=0)
        return (h - mu) / np.sqrt(var + self.eps)


def layer_norm_object(w):
    return np.sum(Normalizer()(X @ w) * Y)


def object_in_a_dict(w):
    mods = {"lin": Linear(w, B0), "act": Tanh()}
    return np.sum(mods["act"](mods["lin"].forward(X)))


def getattr_by_name(w, b):
    m = Linear(w, b)
    return np.sum(getattr(m, "w") ** 2) + np.sum(m.b)


def attribute_rebound_in_loop(w):
    m = Linear(w, B0)
    for _ in range(2):
        m.w = np.tanh(m.w) * 1.5
    return np.sum(m.forward(X) ** 2)


_HELD = Model()
_STATE = {"w": W0.copy()}


def stored_into_an_objects_dict(w):  # (the method would read the active value back)
    _HELD.__dict__["w"] = w
    return _HELD.loss(X, Y)


def stored_into_a_global_dict(w):
    _STATE["w"] = w
    return np.sum((X @ _STATE["w"]) ** 2)


def stored_by_setattr(w):
    setattr(_HELD, "w", w)
    return _HELD.loss(X, Y)


def written_into_an_attribute_array(w):
    _HELD.b[:] = w[0]
    return _HELD.loss(X, Y)


W2 = RNG.normal(size=(2, 2)) * 0.5


CASES = [
    ("linear_method_loss", linear_method_loss, (_w(), B0.copy()), (0, 1)),
    ("mlp_call_loss", mlp_call_loss, (_w(), W2.copy()), (0, 1)),
    ("model_loss_at", model_loss_at, (_w(), B0.copy()), (0, 1)),
    ("property_loss", property_loss, (_w(),), 0),
    ("static_and_class_methods", static_and_class_methods, (_w(),), 0),
    ("bound_method_of_a_global", bound_method_of_a_global, (X.copy(),), 0),
    ("bound_method_itself", _SHARED.loss, (X.copy(), Y.copy()), (0, 1)),
    ("object_accumulates", object_accumulates, (_w(),), 0),
    ("layers_in_a_list_of_objects", layers_in_a_list_of_objects, (_w(), W2.copy()), (0, 1)),
    ("residual_method_loop", residual_method_loop, (RNG.normal(size=(3, 3)) * 0.3,), 0),
    ("inheritance_override", inheritance_override, (_w(),), 0),
    ("super_call", super_call, (_w(),), 0),
    ("dataclass_built_inside", dataclass_built_inside, (_w(), B0.copy()), (0, 1)),
    ("dataclass_passed_to_helper", dataclass_passed_to_helper, (_w(), B0.copy()), (0, 1)),
    ("dataclass_config", dataclass_config, (_w(),), 0),
    ("dataclass_replaced", dataclass_replaced, (_w(), B0.copy()), (0, 1)),
    ("named_tuple_params", named_tuple_params, (Pair(_w(), B0.copy()),), 0),
    ("mlp_list_of_dicts", mlp_list_of_dicts,
     ([{"w": RNG.normal(size=(3, 4)) * 0.5, "b": RNG.normal(size=4) * 0.1},
       {"w": RNG.normal(size=(4, 2)) * 0.5, "b": RNG.normal(size=2) * 0.1}],), 0),
    ("dict_of_params", dict_of_params, ({"w": _w(), "b": B0.copy()},), 0),
    ("nested_dict_params", nested_dict_params,
     ({"enc": {"w": _w()}, "dec": {"w": W2.copy()}},), 0),
    ("list_of_weights", list_of_weights, ([RNG.normal(size=(3, 3)) * 0.5, _w()],), 0),
    ("tuple_params_unpacked", tuple_params_unpacked, ((_w(), B0.copy()),), 0),
    ("dict_comprehension_of_params", dict_comprehension_of_params,
     ({"w": _w(), "b": B0.copy()},), 0),
    ("sum_of_squares_over_dict", sum_of_squares_over_dict, ({"w": _w(), "b": B0.copy()},), 0),
    ("params_dict_updated_in_place", params_dict_updated_in_place,
     ({"w": _w(), "b": B0.copy()},), 0),
    ("list_of_dicts_built_inside", list_of_dicts_built_inside, (_w(), W2.copy()), (0, 1)),
    ("closure_loss", closure_loss, (_w(),), 0),
    ("closure_number", closure_number, (_w(), B0.copy()), (0, 1)),
    ("closure_dict_state", closure_dict_state, (_w(),), 0),
    ("global_constants", global_constants, (_w(),), 0),
    ("default_array", default_array, (_w(),), 0),
    ("default_number", default_number, (_w(),), 0),
    ("default_array_given", default_array_wrt_default, (_w(), B0 * 3.0), (0, 1)),
    ("inner_def_captures", inner_def_captures, (_w(),), 0),
    ("lambda_captures", lambda_captures, (_w(),), 0),
    ("partial_of_helper", partial_of_helper, (_w(), B0.copy()), (0, 1)),
    ("differentiate_bound_method", differentiate_bound_method, (X.copy(), Y.copy()), (0, 1)),
    ("callable_object", callable_object, (_w(), B0.copy()), (0, 1)),
    ("functools_partial_object", functools.partial(_affine, X), (_w(), B0.copy()), (0, 1)),
    ("softmax_model", softmax_model, (_w(),), 0),
    ("rnn_cell_object", rnn_cell_object, (RNG.normal(size=(3, 4)) * 0.5,
                                          RNG.normal(size=(4, 4)) * 0.5), (0, 1)),
    ("layer_norm_object", layer_norm_object, (_w(),), 0),
    ("object_in_a_dict", object_in_a_dict, (_w(),), 0),
    ("getattr_by_name", getattr_by_name, (_w(), B0.copy()), (0, 1)),
    ("attribute_rebound_in_loop", attribute_rebound_in_loop, (_w(),), 0),
    ("stored_into_an_objects_dict", stored_into_an_objects_dict, (_w(),), 0),
    ("stored_into_a_global_dict", stored_into_a_global_dict, (_w(),), 0),
    ("stored_by_setattr", stored_by_setattr, (_w(),), 0),
    ("written_into_an_attribute_array", written_into_an_attribute_array, (_w(),), 0),
]
