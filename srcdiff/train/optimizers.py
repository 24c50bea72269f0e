"""First-order optimizers with TensorFlow 1.x's update rules, on NumPy arrays.

The vocabulary is ``tf.compat.v1.train``'s::

    opt = GradientDescent(learning_rate=0.1)      # also Momentum, Adam, RMSProp
    gv = opt.compute_gradients(loss, params, *data)   # [(gradient, variable), ...]
    opt.apply_gradients(gv)                           # updates the arrays in place
    opt.minimize(loss, params, *data)                 # both; returns the loss value

``params`` is a dict name -> float ndarray, passed as ``loss``'s first
argument: ``loss(params, *data)``.  The gradients come from srcdiff itself
(``api.value_and_grad(loss, wrt=0)``), generated once per loss function and
kept by the optimizer.  A *variable* is the ndarray object found in
``params``; ``apply_gradients`` writes into it, so the caller's dict sees the
new values and every other reference to the array does too.

An optimizer is written the way TensorFlow 1 writes one: per-variable *slots*
(accumulators created as the variable is first updated), and three hooks
called by ``apply_gradients``:

* ``_prepare()`` once per call, before any update (Adam's step size);
* ``_apply_dense(grad, var, slots)`` once per variable with a gradient;
* ``_finish()`` once per call, after all updates (Adam's beta powers).

Slots are keyed by ``id(variable)``; each entry also holds the variable, so
the id cannot be reused by another array while the optimizer keeps state for
it.
"""

import math

import numpy as np

from srcdiff.api.higher import value_and_grad

__all__ = ["Optimizer", "GradientDescent", "Momentum", "Adam", "RMSProp"]


def _hyper(value, name, low=None, high=None, high_open=False, low_open=False):
    """A hyperparameter as a Python float (so float32 variables stay float32), checked
    against its range with TensorFlow's wording ("beta1 must be in the range [0, 1), but
    received 1.0.")."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a number, got {value!r}")
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number, got {value!r}") from None
    bad = not math.isfinite(v) or (low is not None and (v < low or (low_open and v == low))) \
        or (high is not None and (v > high or (high_open and v == high)))
    if bad:
        if low is not None and high is not None:
            left, right = "(" if low_open else "[", ")" if high_open else "]"
            where = f"the range {left}{low:g}, {high:g}{right}"
            raise ValueError(f"{name} must be in {where}, but received {value!r}.")
        if low_open:
            raise ValueError(f"{name} must be positive; got {value!r}.")
        raise ValueError(f"{name} must be a finite number >= {low:g}; got {value!r}.")
    return v


def _describe(var):
    return f"<ndarray shape={var.shape} dtype={var.dtype}>"


class Optimizer:
    """Base class: gradient bookkeeping shared by every optimizer.

    ``learning_rate`` is a number or a function of no argument returning one
    (read once per ``apply_gradients`` call, as TensorFlow reads a callable
    hyperparameter).  Subclasses name their slots in ``_slot_inits``
    (slot name -> initial value of every element) and implement
    ``_apply_dense``.
    """

    _slot_inits = {}

    def __init__(self, learning_rate):
        if not callable(learning_rate):
            learning_rate = _hyper(learning_rate, "learning_rate", low=0.0)
        self._learning_rate = learning_rate
        self._lr = None                # the learning rate of the current step
        self._grad_fns = {}            # loss function -> value_and_grad function
        self._slots = {}               # id(var) -> (var, {slot name: ndarray})
        self._names = {}               # id(var) -> (var, name in params)
        self.last_loss = None          # value of the loss at the last compute_gradients

    # -- the public interface ---------------------------------------------

    def compute_gradients(self, loss, params, *data, var_list=None):
        """Gradients of ``loss(params, *data)`` with respect to ``params``.

        Returns ``[(gradient, variable), ...]`` in ``params``' order (also
        when ``var_list``, a list of names, restricts it).  ``variable`` is
        the ndarray object stored in ``params``; ``gradient`` has its shape,
        or is ``None`` when the loss does not depend on it.  The loss value
        is kept in ``self.last_loss``.
        """
        if not isinstance(params, dict):
            raise TypeError(f"params must be a dict name -> float ndarray, "
                            f"got {type(params).__name__}")
        names = self._selected(params, var_list)
        for name in names:
            self._check_variable(params[name], repr(name))
        value, grads = self._value_and_grad(loss)(params, *data)
        self.last_loss = value
        if grads is None:
            grads = {}
        pairs = []
        for name in names:
            var = params[name]
            self._names[id(var)] = (var, name)
            pairs.append((grads.get(name), var))
        return pairs

    def apply_gradients(self, grads_and_vars):
        """Apply one update to each variable whose gradient is not ``None``.

        Every variable is updated in place.  Raises ``ValueError`` when the
        list is empty, when every gradient is ``None`` (nothing would be
        trained, which is almost always a bug in the loss), when a variable
        appears twice, is not a writeable float ndarray, or has a gradient of
        another shape.  Nothing is updated unless every pair is valid.
        """
        try:
            pairs = list(grads_and_vars)
        except TypeError:
            raise TypeError("grads_and_vars must be a list of (gradient, variable) pairs, got "
                            f"{grads_and_vars!r}") from None
        if not pairs:
            raise ValueError("No variables provided.")
        todo, seen = [], set()
        for pair in pairs:
            try:
                grad, var = pair
            except (TypeError, ValueError):
                raise TypeError("grads_and_vars must be a list of (gradient, variable) "
                                f"pairs, got an element {pair!r}") from None
            name = self._name_of(var)
            self._check_variable(var, name)
            if id(var) in seen:
                raise ValueError(f"Variable {name} appears twice in grads_and_vars")
            seen.add(id(var))
            if grad is None:
                continue
            grad = np.asarray(grad)
            if grad.shape != var.shape:
                raise ValueError(f"Gradient for {name} has shape {grad.shape}, "
                                 f"but the variable has shape {var.shape}")
            if grad.dtype.kind not in "biuf":
                raise TypeError(f"Gradient for {name} has dtype {grad.dtype}; "
                                f"the variable is {var.dtype}")
            todo.append((grad.astype(var.dtype, copy=False), var))
        if not todo:
            names = ", ".join(self._name_of(v) for _, v in pairs)
            raise ValueError(f"No gradients provided for any variable: {names}. "
                             "Check that the loss depends on them.")
        lr = self._learning_rate
        self._lr = _hyper(lr() if callable(lr) else lr, "learning_rate", low=0.0)
        self._prepare()
        for grad, var in todo:
            self._apply_dense(grad, var, self._slots_for(var))
        self._finish()

    def minimize(self, loss, params, *data, var_list=None):
        """``apply_gradients(compute_gradients(...))``; returns the value of
        the loss before the update."""
        pairs = self.compute_gradients(loss, params, *data, var_list=var_list)
        self.apply_gradients(pairs)
        return self.last_loss

    def get_slot_names(self):
        """The names of the slots this optimizer keeps per variable."""
        return sorted(self._slot_inits)

    def get_slot(self, var, name):
        """The slot ``name`` of variable ``var``, or ``None`` if it has none
        yet (the variable was never updated by this optimizer)."""
        entry = self._slots.get(id(var))
        if entry is None or entry[0] is not var:
            return None
        return entry[1].get(name)

    # -- hooks for subclasses ---------------------------------------------

    def _prepare(self):
        """Called once per ``apply_gradients``, before the updates."""

    def _apply_dense(self, grad, var, slots):
        """Update ``var`` in place from ``grad`` (same shape and dtype)."""
        raise NotImplementedError

    def _finish(self):
        """Called once per ``apply_gradients``, after the updates."""

    # -- helpers --------------------------------------------------------------

    def _value_and_grad(self, loss):
        fn = self._grad_fns.get(loss)
        if fn is None:
            fn = self._grad_fns[loss] = value_and_grad(loss, wrt=0)
        return fn

    @staticmethod
    def _selected(params, var_list):
        if var_list is None:
            names = list(params)
        else:
            if isinstance(var_list, str):
                var_list = [var_list]
            missing = [n for n in var_list if n not in params]
            if missing:
                raise ValueError(f"var_list names {missing} are not in params "
                                 f"(which has {list(params)})")
            wanted = set(var_list)
            names = [n for n in params if n in wanted]
        if not names:
            raise ValueError("No variables to optimize.")
        return names

    @staticmethod
    def _check_variable(var, name):
        if not isinstance(var, np.ndarray):
            raise ValueError(
                f"Variable {name} is a {type(var).__name__}, not an ndarray: the "
                "optimizer updates variables in place, which is impossible for a "
                "Python number; store it as np.array(value) instead")
        if var.dtype.kind != "f":
            raise ValueError(f"Variable {name} has dtype {var.dtype}; only float "
                             "arrays can be trained")
        if not var.flags.writeable:
            raise ValueError(f"Variable {name} is a read-only array")

    def _name_of(self, var):
        entry = self._names.get(id(var))
        if entry is not None and entry[0] is var:
            return repr(entry[1])
        if isinstance(var, np.ndarray):
            return _describe(var)
        return repr(var)

    def _slots_for(self, var):
        entry = self._slots.get(id(var))
        if entry is None or entry[0] is not var:
            slots = {name: np.full_like(var, init)
                     for name, init in self._slot_inits.items()}
            entry = self._slots[id(var)] = (var, slots)
        return entry[1]


# ---------------------------------------------------------------------------
# The optimizers
# ---------------------------------------------------------------------------

class GradientDescent(Optimizer):
    """``tf.compat.v1.train.GradientDescentOptimizer``::

        var <- var - lr * g
    """

    def _apply_dense(self, grad, var, slots):
        np.subtract(var, self._lr * grad, out=var)


class Momentum(Optimizer):
    """``tf.compat.v1.train.MomentumOptimizer``; slot ``momentum`` (``accum``,
    starting at zero)::

        accum <- momentum * accum + g
        var   <- var - lr * accum                        # use_nesterov=False
        var   <- var - lr * (g + momentum * accum)       # use_nesterov=True

    (TensorFlow's form: the learning rate is applied after accumulation, so
    changing it rescales the whole velocity.)
    """

    _slot_inits = {"momentum": 0.0}

    def __init__(self, learning_rate, momentum, use_nesterov=False):
        super().__init__(learning_rate)
        self._momentum = _hyper(momentum, "momentum", 0.0, 1.0)
        self._use_nesterov = bool(use_nesterov)

    def _apply_dense(self, grad, var, slots):
        accum = slots["momentum"]
        accum *= self._momentum
        accum += grad
        if self._use_nesterov:
            np.subtract(var, self._lr * (grad + self._momentum * accum), out=var)
        else:
            np.subtract(var, self._lr * accum, out=var)


class Adam(Optimizer):
    """``tf.compat.v1.train.AdamOptimizer``; slots ``m`` and ``v`` (zeros).
    At step ``t`` (1, 2, ... counting ``apply_gradients`` calls on this
    optimizer, one count shared by all variables as TensorFlow's beta-power
    accumulators are)::

        lr_t <- lr * sqrt(1 - beta2^t) / (1 - beta1^t)
        m    <- beta1 * m + (1 - beta1) * g
        v    <- beta2 * v + (1 - beta2) * g * g
        var  <- var - lr_t * m / (sqrt(v) + epsilon)

    ``epsilon`` is added outside the square root and is not bias-corrected:
    this is the "epsilon hat" of the paper's section 2, as in TensorFlow 1.
    """

    _slot_inits = {"m": 0.0, "v": 0.0}

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8):
        super().__init__(learning_rate)
        self._beta1 = _hyper(beta1, "beta1", 0.0, 1.0, high_open=True)
        self._beta2 = _hyper(beta2, "beta2", 0.0, 1.0, high_open=True)
        self._epsilon = _hyper(epsilon, "epsilon", low=0.0)
        self.iterations = 0            # apply_gradients calls completed

    def _prepare(self):
        t = self.iterations + 1
        self._lr_t = (self._lr * math.sqrt(1.0 - self._beta2 ** t)
                      / (1.0 - self._beta1 ** t))

    def _apply_dense(self, grad, var, slots):
        m, v = slots["m"], slots["v"]
        # TensorFlow's kernel: m += (g - m) * (1 - beta1), likewise for v.
        m += (grad - m) * (1.0 - self._beta1)
        v += (grad * grad - v) * (1.0 - self._beta2)
        np.subtract(var, self._lr_t * m / (np.sqrt(v) + self._epsilon), out=var)

    def _finish(self):
        self.iterations += 1


class RMSProp(Optimizer):
    """``tf.compat.v1.train.RMSPropOptimizer``; slots ``rms`` (starting at
    **one**, as in TensorFlow 1 -- Keras' RMSprop starts at zero), ``momentum``
    (zeros) and, when centered, ``mg`` (zeros)::

        rms <- decay * rms + (1 - decay) * g * g
        mg  <- decay * mg + (1 - decay) * g                      # centered only
        mom <- momentum * mom + lr * g / sqrt(rms + epsilon)     # not centered
        mom <- momentum * mom + lr * g / sqrt(rms - mg * mg + epsilon)  # centered
        var <- var - mom

    ``epsilon`` is inside the square root, as in TensorFlow 1.  With
    ``momentum=0`` this is plain RMSProp: ``var -= lr * g / sqrt(rms + eps)``.
    """

    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10,
                 centered=False):
        super().__init__(learning_rate)
        self._decay = _hyper(decay, "decay", 0.0, 1.0)
        self._momentum = _hyper(momentum, "momentum", 0.0, 1.0)
        self._epsilon = _hyper(epsilon, "epsilon", low=0.0)
        self._centered = bool(centered)
        self._slot_inits = {"rms": 1.0, "momentum": 0.0}
        if self._centered:
            self._slot_inits["mg"] = 0.0

    def _apply_dense(self, grad, var, slots):
        rms, mom = slots["rms"], slots["momentum"]
        rms += (grad * grad - rms) * (1.0 - self._decay)
        if self._centered:
            mg = slots["mg"]
            mg += (grad - mg) * (1.0 - self._decay)
            denom = rms - mg * mg + self._epsilon
        else:
            denom = rms + self._epsilon
        mom *= self._momentum
        mom += self._lr * grad / np.sqrt(denom)
        np.subtract(var, mom, out=var)
