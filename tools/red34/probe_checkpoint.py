# ruff: noqa: E741, E501
"""red34 area 4: reverse/checkpoint.py _checkpoint_state (sharers of the loop's state copied
into the snapshot) against aliases through dict values, attributes, list items, views,
asarray/reshape/ravel, and aliases made before the loop, in every schedule."""
import numpy as np

from run import check, report

MODES = ("opt", "sqrt", "binomial", "int3")


class Box:
    pass


def dict_value_alias(x, s):
    ha = np.tanh(x * s)
    d = {"h": ha}
    for i in range(4):
        hb = d["h"]
        hb[1:] += 0.3 * hb[:-1]
        d["h"] = np.tanh(hb[::-1]) * 0.3
    return np.sum(d["h"])


def list_item_alias(x, s):
    ha = np.tanh(x * s)
    items = [ha]
    for i in range(4):
        hb = items[0]
        hb[1:] += 0.3 * hb[:-1]
        items[0] = np.tanh(hb[::-1]) * 0.3
    return np.sum(items[0])


def view_alias(x, s):
    ha = np.tanh(x * s)
    for i in range(4):
        hb = ha[::2]
        hb += 0.3 * s
        ha = np.tanh(ha[::-1]) * 0.5
    return np.sum(ha)


def reshape_alias(x, s):
    ha = np.tanh(x * s)
    for i in range(4):
        hb = ha.reshape(-1)
        hb[1:] += 0.3 * hb[:-1]
        ha = np.tanh(ha[::-1]) * 0.5
    return np.sum(ha)


def ravel_alias(x, s):
    ha = np.tanh(x * s)
    for i in range(4):
        hb = np.ravel(ha)
        hb[0] = hb[-1] * s
        ha = np.sin(ha) * 0.9
    return np.sum(ha)


def asarray_alias(x, s):
    ha = np.tanh(x * s)
    for i in range(4):
        hb = np.asarray(ha)
        hb *= 0.7
        ha = np.sin(ha[::-1]) + hb
    return np.sum(ha)


def alias_before_loop(x, s):
    ha = np.tanh(x * s)
    hb = ha
    for i in range(4):
        hb[1:] += 0.3 * hb[:-1] * s
        c = np.tanh(ha) * 0.9
    return np.sum(hb) + np.sum(c)


def view_before_loop(x, s):
    ha = np.tanh(x * s)
    hv = ha[1:]
    for i in range(4):
        hv *= 0.8
        c = np.sin(ha) * s
    return np.sum(ha) + np.sum(c)


def attribute_alias(x, s):
    b = Box()
    b.h = np.tanh(x * s)
    for i in range(4):
        hb = b.h
        hb[1:] += 0.3 * hb[:-1]
        b.h = np.tanh(hb[::-1]) * 0.3
    return np.sum(b.h)


def two_views(x, s):
    ha = np.tanh(x * s)
    for i in range(3):
        hv = ha[::-1]
        hw = hv[1:]
        hw[0] = hw[0] * s + 0.1
        ha = np.tanh(ha) + ha
    return np.sum(ha)


def nested_alias(x, s):
    ha = np.tanh(x * s)
    for i in range(3):
        for j in range(2):
            hb = ha
            hb[j] = hb[j] * 1.5 + s
        ha = np.tanh(ha[::-1])
    return np.sum(ha)


def reshape_rebound(x, s):
    ha = np.tanh(x * s)
    for i in range(4):
        hb = ha.reshape(-1)
        hb[1:] += 0.3 * hb[:-1]
        ha = np.tanh(hb[::-1]) * 0.3
    return np.sum(ha)


def ravel_rebound(x, s):
    ha = np.tanh(x * s)
    for i in range(4):
        hb = np.ravel(ha)
        hb[0] = hb[-1] * s
        ha = np.sin(hb) * 0.9
    return np.sum(ha)


def asarray_rebound(x, s):
    ha = np.tanh(x * s)
    for i in range(4):
        hb = np.asarray(ha)
        hb *= 0.7
        ha = np.sin(hb[::-1]) + s
    return np.sum(ha)


def view_rebound(x, s):
    ha = np.tanh(x * s)
    for i in range(4):
        hb = ha[::2]
        hb += 0.3 * s
        ha = np.tanh(hb) * 0.5 + ha[:3]
    return np.sum(ha)


def alias_before_rebound(x, s):
    ha = np.tanh(x * s)
    hb = ha
    for i in range(4):
        hb[1:] += 0.3 * hb[:-1] * s
        hb = np.tanh(hb[::-1])
    return np.sum(hb) + np.sum(ha)


def dict_alias_before(x, s):
    ha = np.tanh(x * s)
    d = {"h": ha}
    for i in range(4):
        ha[1:] += 0.3 * ha[:-1] * s
        ha = np.tanh(ha[::-1])
    return np.sum(ha) + np.sum(d["h"])


def list_alias_before(x, s):
    ha = np.tanh(x * s)
    items = [ha, s]
    for i in range(4):
        ha[0] = ha[0] * s + ha[-1]
        ha = np.sin(ha[::-1]) * 0.8
    return np.sum(ha) + np.sum(items[0])


def main():
    A = "checkpoint"
    R = np.random.default_rng(4)
    x = R.normal(size=5)
    for fn in (dict_value_alias, list_item_alias, view_alias, reshape_alias, ravel_alias,
               asarray_alias, alias_before_loop, view_before_loop, attribute_alias, two_views,
               nested_alias, reshape_rebound, ravel_rebound, asarray_rebound, view_rebound,
               alias_before_rebound, dict_alias_before, list_alias_before):
        check(A, fn, (x, 0.7), wrt=(0, 1), modes=MODES)


if __name__ == "__main__":
    main()
    report()
