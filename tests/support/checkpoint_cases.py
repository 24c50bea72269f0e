"""Functions with ``# srcdiff: checkpoint`` markers on their loops (tests/reverse/
test_checkpoint.py and a golden file); the corpus's own functions stay unmarked."""

import numpy as np


def rnn_binomial(h, w, xs):
    for t in range(len(xs)):  # srcdiff: checkpoint binomial
        h = np.tanh(h @ w + xs[t])
    return np.sum(h)


def rnn_marked_above(h, w, xs):
    # srcdiff: checkpoint 2
    for t in range(len(xs)):
        h = np.tanh(h @ w + xs[t])
    return np.sum(h * h)


def recurrence(a, n):
    x = a * 0.5
    s = 0.0
    for i in range(n):
        x = np.sin(x) * a + 0.1 * i
        s = s + x * x
    return s + x


def rnn_len(h, w, xs):
    hs = []
    for t in range(len(xs)):
        h = np.tanh(h @ w + xs[t])
        hs.append(h)
    return np.sum(np.array(hs)) if hs else np.sum(h)


def stores_in_place(x, n):
    buf = np.zeros(n + 1)
    buf[0] = x[0]
    for i in range(n):  # srcdiff: checkpoint 3
        buf[i + 1] = np.cos(buf[i]) * x[i % len(x)]
    return np.sum(buf * buf)


def nested_marked(x, m):
    s = 0.0
    for j in range(2):
        v = x * (j + 1.0)
        for i in range(m):  # srcdiff: checkpoint sqrt
            v = np.tanh(v) * 1.1 + s
        s = s + np.sum(v)
    return s


def outer_with_inner(x, m):
    s = 0.0
    for j in range(3):
        v = x * (j + 1.0)
        for i in range(m):
            v = np.sin(v) + 0.5 * s
        s = s + np.sum(v * v)
    return s


def temp_before_loop(a, n):
    t = a * 2.0
    y = t * t
    for i in range(n):
        t = np.cos(t) + a
        y = y + t
    return y * t


def marked_while(a):
    x = a
    while x < 5.0:  # srcdiff: checkpoint
        x = x * 1.5 + 0.1
    return x


def marked_break(x):
    s = 0.0
    for i in range(len(x)):  # srcdiff: checkpoint sqrt
        if s > 1.0:
            break
        s = s + x[i] * x[i]
    return s


def marked_return(x):
    for i in range(len(x)):  # srcdiff: checkpoint
        if x[i] > 0.5:
            return x[i] * 10.0
    return np.sum(x)


def marked_nonsense(x):
    s = 0.0
    for v in x:  # srcdiff: checkpoint often
        s = s + v * v
    return s


def calls_marked(h, w, xs):
    return rnn_binomial(h, w, xs) * 2.0 + recurrence(np.sum(h), 4)


def assigns_loop_variable(x, n):
    s = 0.0
    for i in range(n):  # srcdiff: checkpoint
        i = i * 2
        s = s + x * i
    return s


def shrinking_overwrite(x, w):
    acc = 0.0
    for r in range(len(x)):
        y = x[r:] * np.sum(w[:r + 1])  # a new shape each iteration, read after the loop
        acc = acc + np.sum(np.cos(y))
    return np.sum(y * acc)
