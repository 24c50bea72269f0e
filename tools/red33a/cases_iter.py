# ruff: noqa: E501, E402, BLE001, E741
"""red33a: iterative numerics as a scientist writes them (while + tolerance, bisection,
line searches, in-place sweeps, integrators with state tuples, recurrences)."""
import math

import numpy as np
from harness import Case


def kepler_newton(M, e):
    """Eccentric anomaly from Kepler's equation E - e sin E = M by Newton, while |dE| > tol."""
    E = M if e < 0.8 else math.pi
    dE = 1.0
    it = 0
    while abs(dE) > 1e-13 and it < 50:
        f = E - e * math.sin(E) - M
        fp = 1.0 - e * math.cos(E)
        dE = f / fp
        E -= dE
        it += 1
    return math.cos(E) + 0.3 * E


def cubic_root_bisect(c, lo=0.0, hi=3.0):
    """Real root of x^3 + x - c on [lo, hi] by bisection, then one Newton polish step
    (bisection alone is piecewise constant in c; the polish gives the slope)."""
    flo = lo ** 3 + lo - c
    for _ in range(40):
        mid = 0.5 * (lo + hi)
        fm = mid ** 3 + mid - c
        if (fm < 0) == (flo < 0):
            lo, flo = mid, fm
        else:
            hi = mid
    x = 0.5 * (lo + hi)
    x = x - (x ** 3 + x - c) / (3 * x ** 2 + 1)
    return x


def armijo_backtrack(w, X, y):
    """One gradient step of least squares with a backtracking (Armijo) line search."""
    def loss(v):
        r = X @ v - y
        return 0.5 * r @ r
    g = X.T @ (X @ w - y)
    t = 1.0
    f0 = loss(w)
    while loss(w - t * g) > f0 - 0.5 * t * (g @ g):
        t *= 0.5
    return loss(w - t * g)


def power_iter_while(A):
    """Dominant eigenvalue of a symmetric positive matrix, power iteration with a while."""
    S = A @ A.T + np.eye(A.shape[0])
    v = np.ones(S.shape[0]) / math.sqrt(S.shape[0])
    lam, lam_old = 0.0, -1.0
    k = 0
    while abs(lam - lam_old) > 1e-14 * abs(lam) and k < 500:
        w = S @ v
        lam_old, lam = lam, float(v @ w)
        v = w / np.linalg.norm(w)
        k += 1
    return lam


def gauss_seidel_elems(b, d):
    """Gauss-Seidel sweeps with in-place element updates on a diagonally dominant system."""
    n = b.size
    A = np.diag(d + 4.0) - 0.5 * np.eye(n, k=1) - 0.7 * np.eye(n, k=-1)
    x = np.zeros(n)
    for sweep in range(25):
        for i in range(n):
            s = b[i]
            for j in range(n):
                if j != i:
                    s -= A[i, j] * x[j]
            x[i] = s / A[i, i]
    return np.sum(x * np.arange(1, n + 1))


def jacobi_sweeps(b, w):
    """Jacobi iterations written with a copy of the previous iterate."""
    n = b.size
    A = np.outer(w, w) * 0.1 + np.diag(np.full(n, 3.0))
    x = np.zeros(n)
    for _ in range(30):
        x_new = np.empty_like(x)
        for i in range(n):
            x_new[i] = (b[i] - A[i, :i] @ x[:i] - A[i, i + 1:] @ x[i + 1:]) / A[i, i]
        x = x_new
    return x @ x


def rk4_state_tuple(k, c, x0):
    """Damped oscillator x'' = -k x - c x', RK4 with the state held as a tuple."""
    def rhs(state):
        x, v = state
        return (v, -k * x - c * v)
    h = 0.05
    s = (x0, 0.0)
    for _ in range(30):
        k1 = rhs(s)
        k2 = rhs((s[0] + 0.5 * h * k1[0], s[1] + 0.5 * h * k1[1]))
        k3 = rhs((s[0] + 0.5 * h * k2[0], s[1] + 0.5 * h * k2[1]))
        k4 = rhs((s[0] + h * k3[0], s[1] + h * k3[1]))
        s = (s[0] + h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]),
             s[1] + h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]))
    return s[0] ** 2 + 0.5 * s[1]


BUTCHER_A = [[], [0.5], [0.0, 0.5], [0.0, 0.0, 1.0]]
BUTCHER_B = [1 / 6, 1 / 3, 1 / 3, 1 / 6]
BUTCHER_C = [0.0, 0.5, 0.5, 1.0]


def rk_butcher(y0, theta):
    """Explicit Runge-Kutta driven by a Butcher table held in lists (module globals)."""
    def f(t, y):
        return np.array([y[1], -theta[0] * np.sin(y[0]) - theta[1] * y[1] + 0.1 * t])
    y = y0.copy()
    t, h = 0.0, 0.1
    for _ in range(10):
        ks = []
        for i, ci in enumerate(BUTCHER_C):
            yi = y.copy()
            for j, aij in enumerate(BUTCHER_A[i]):
                yi = yi + h * aij * ks[j]
            ks.append(f(t + ci * h, yi))
        y = y + h * sum(b * kk for b, kk in zip(BUTCHER_B, ks))
        t += h
    return y[0] - 0.3 * y[1]


def leapfrog_kdk(q, p, m):
    """Kick-drift-kick leapfrog for a pendulum chain with masses m (in-place updates)."""
    q = q.copy()
    p = p.copy()
    dt = 0.05
    for _ in range(20):
        p -= 0.5 * dt * np.sin(q)
        q += dt * p / m
        p -= 0.5 * dt * np.sin(q)
    return np.sum(0.5 * p ** 2 / m - np.cos(q))


def horner_reversed(coef, x):
    """Horner evaluation over reversed coefficients, plus the derivative by the same loop."""
    p = 0.0
    dp = 0.0
    for a in reversed(coef):
        dp = dp * x + p
        p = p * x + a
    return p + 0.1 * dp


def horner_vector(coef, xs):
    """Horner on an array of points; coefficients a list of floats."""
    acc = np.zeros_like(xs)
    for a in coef[::-1]:
        acc *= xs
        acc += a
    return np.sum(acc)


def cont_frac_tan(x):
    """tan x by Lentz-free backward continued fraction x / (1 - x^2 / (3 - x^2 / (5 - ...)))."""
    x2 = x * x
    t = 0.0
    for k in range(12, 0, -1):
        t = x2 / (2 * k + 1 - t)
    return x / (1 - t)


def recurrence_ops(x, y):
    """acc *= ..., acc /= ..., x **= ... on floats."""
    acc = 1.0
    for k in range(1, 5):
        acc *= (1 + x / k)
        acc /= (1 + y * y / (k + 1))
    z = acc
    z **= 1.5
    w = y
    w **= 3
    return z + w


def neg_base_powers(x):
    """Negative bases with integer and integral-float exponents, array and scalar."""
    a = (-2.0 - x) ** 3
    b = np.sum((x - 3.0) ** 2.0)
    c = (-1.5) ** 2 * x
    d = np.power(x - 5.0, 3)
    return np.sum(a) + b + np.sum(c) + np.sum(d)


def abs_min_max_floats(a, b):
    """abs, min, max builtins on floats mixed with numpy scalars."""
    s = abs(a - b) + min(a, b, 0.5) + max(a * b, a + b)
    s += float(np.tanh(a)) * max(abs(b), 0.1)
    return s


def math_numpy_mix(x, v):
    """math.* on scalars beside numpy arrays."""
    r = math.sqrt(x * x + 1.0)
    ang = math.atan2(x, 2.0)
    return np.sum(np.exp(-r * v ** 2)) * math.cos(ang) + math.log1p(x * x) * np.mean(v)


def secant_solve(a):
    """Root of exp(x) - a*x - 2 by the secant method with a tolerance loop."""
    x0, x1 = 0.0, 2.0
    f0 = math.exp(x0) - a * x0 - 2
    f1 = math.exp(x1) - a * x1 - 2
    while abs(x1 - x0) > 1e-14:
        x0, x1, f0 = x1, x1 - f1 * (x1 - x0) / (f1 - f0), f1
        f1 = math.exp(x1) - a * x1 - 2
    return x1


def fixed_point_cos(a):
    """x = cos(a x) by fixed-point iteration until the change is small."""
    x = 0.5
    while True:
        x_new = math.cos(a * x)
        if abs(x_new - x) < 1e-15:
            break
        x = x_new
    return x_new


def halley_cuberoot(c):
    """Halley's method for c^(1/3) on an array, fixed count, with np.where guard on c==0."""
    x = np.where(c > 1, c / 2, np.ones_like(c))
    for _ in range(8):
        f = x ** 3 - c
        x = x - 2 * f * 3 * x ** 2 / (2 * 9 * x ** 4 - f * 6 * x)
    return np.sum(x)


def romberg_integral(a, b):
    """Romberg integration of exp(-a t^2) on [0, b] with a table in lists."""
    def f(t):
        return math.exp(-a * t * t)
    R = [[0.5 * b * (f(0.0) + f(b))]]
    for i in range(1, 6):
        h = b / 2 ** i
        s = sum(f((2 * k - 1) * h) for k in range(1, 2 ** (i - 1) + 1))
        row = [0.5 * R[i - 1][0] + h * s]
        for j in range(1, i + 1):
            row.append(row[j - 1] + (row[j - 1] - R[i - 1][j - 1]) / (4 ** j - 1))
        R.append(row)
    return R[-1][-1]


def kahan_sum(xs):
    """Compensated summation over an array's entries."""
    s = 0.0
    c = 0.0
    for x in xs:
        y = x * x - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


def golden_section_value(a):
    """Minimum value of (t - a)^2 + cos(t) by golden-section search (the value's slope is
    d/da at the located minimiser, as executed)."""
    g = (math.sqrt(5) - 1) / 2
    lo, hi = -3.0, 3.0
    c = hi - g * (hi - lo)
    d = lo + g * (hi - lo)
    for _ in range(60):
        if (c - a) ** 2 + math.cos(c) < (d - a) ** 2 + math.cos(d):
            hi = d
        else:
            lo = c
        c = hi - g * (hi - lo)
        d = lo + g * (hi - lo)
    t = 0.5 * (lo + hi)
    return (t - a) ** 2 + math.cos(t) + 0 * t


def chebyshev_clenshaw(c, x):
    """Clenshaw recurrence for a Chebyshev series at points x."""
    b1 = np.zeros_like(x)
    b2 = np.zeros_like(x)
    for k in range(len(c) - 1, 0, -1):
        b1, b2 = 2 * x * b1 - b2 + c[k], b1
    return np.sum(x * b1 - b2 + c[0])


def legendre_recurrence(x):
    """Legendre polynomials by Bonnet's recurrence, sum of P_n(x) / n."""
    p0 = np.ones_like(x)
    p1 = x.copy()
    total = p0 + p1
    for n in range(1, 7):
        p0, p1 = p1, ((2 * n + 1) * x * p1 - n * p0) / (n + 1)
        total += p1 / (n + 1)
    return np.sum(total ** 2)


def euler_maruyama(theta, x0):
    """Ornstein-Uhlenbeck by Euler-Maruyama with fixed noise (an rng made from a constant seed)."""
    noise = np.random.default_rng(5).standard_normal(40)
    x = x0
    dt = 0.02
    path_sum = 0.0
    for dw in noise:
        x = x + theta[0] * (theta[1] - x) * dt + theta[2] * math.sqrt(dt) * dw
        path_sum += x
    return path_sum / len(noise)


def adaptive_step_while(k):
    """Integrate y' = -k y to t=1 with a step doubled while the local error is small
    (the step sequence depends on k only through comparisons)."""
    t, y, h = 0.0, 1.0, 0.01
    while t < 1.0 - 1e-12:
        h = min(h, 1.0 - t)
        y1 = y * (1 - k * h)
        y2 = y * (1 - k * h / 2) ** 2
        if abs(y1 - y2) < 1e-4:
            y = y2
            t += h
            h *= 1.5
        else:
            h *= 0.5
    return y


def aitken_accel(a):
    """Aitken's delta-squared on the partial sums of a geometric-like series."""
    s = [0.0]
    term = 1.0
    for k in range(1, 8):
        term *= a / k
        s.append(s[-1] + term)
    acc = []
    for i in range(len(s) - 2):
        d1 = s[i + 1] - s[i]
        d2 = s[i + 2] - 2 * s[i + 1] + s[i]
        acc.append(s[i + 2] - d1 * d1 / d2 if abs(d2) > 1e-300 else s[i + 2])
    return acc[-1]


def sor_inplace_2d(f):
    """Successive over-relaxation for a 2-D Poisson problem with in-place element updates."""
    n = f.shape[0]
    u = np.zeros((n + 2, n + 2))
    omega = 1.5
    for _ in range(15):
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                u[i, j] += omega * (0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] + f[i - 1, j - 1]) - u[i, j])
    return np.sum(u ** 2)


CASES = [
    Case(kepler_newton, lambda r: (float(r.uniform(0.3, 2.5)), float(r.uniform(0.1, 0.6))), loops=True),
    Case(cubic_root_bisect, lambda r: (float(r.uniform(0.5, 5.0)),), loops=True),
    Case(armijo_backtrack, lambda r: (r.standard_normal(3), r.standard_normal((6, 3)), r.standard_normal(6)), loops=True),
    Case(power_iter_while, lambda r: (r.standard_normal((4, 4)),), loops=True, tol=1e-4),
    Case(gauss_seidel_elems, lambda r: (r.standard_normal(4), r.uniform(0, 1, 4)), loops=True),
    Case(jacobi_sweeps, lambda r: (r.standard_normal(4), r.standard_normal(4)), loops=True),
    Case(rk4_state_tuple, lambda r: (float(r.uniform(1, 3)), float(r.uniform(0.1, 0.5)), float(r.uniform(0.5, 1.5))), loops=True),
    Case(rk_butcher, lambda r: (r.uniform(0.1, 1, 2), r.uniform(0.5, 1.5, 2)), loops=True),
    Case(leapfrog_kdk, lambda r: (r.uniform(-1, 1, 3), r.uniform(-1, 1, 3), r.uniform(0.5, 2, 3)), loops=True),
    Case(horner_reversed, lambda r: ([float(v) for v in r.standard_normal(5)], float(r.uniform(-1, 1))), loops=True),
    Case(horner_vector, lambda r: ([float(v) for v in r.standard_normal(4)], r.uniform(-1, 1, 5)), loops=True),
    Case(cont_frac_tan, lambda r: (float(r.uniform(-1.2, 1.2)),), loops=True),
    Case(recurrence_ops, lambda r: (float(r.uniform(0.1, 2)), float(r.uniform(-2, 2))), loops=True),
    Case(neg_base_powers, lambda r: (r.uniform(-1, 1, 4),)),
    Case(abs_min_max_floats, lambda r: (float(r.uniform(-2, 2)), float(r.uniform(-2, 2)))),
    Case(math_numpy_mix, lambda r: (float(r.uniform(-2, 2)), r.standard_normal(4))),
    Case(secant_solve, lambda r: (float(r.uniform(-1, 0.5)),), loops=True, tol=1e-4),
    Case(fixed_point_cos, lambda r: (float(r.uniform(0.5, 1.2)),), loops=True, tol=1e-4),
    Case(halley_cuberoot, lambda r: (r.uniform(0.5, 8, 4),), loops=True),
    Case(romberg_integral, lambda r: (float(r.uniform(0.5, 2)), float(r.uniform(0.5, 2))), loops=True),
    Case(kahan_sum, lambda r: (r.standard_normal(6),), loops=True),
    Case(golden_section_value, lambda r: (float(r.uniform(-1, 1)),), loops=True, tol=1e-4),
    Case(chebyshev_clenshaw, lambda r: ([float(v) for v in r.standard_normal(5)], r.uniform(-1, 1, 4)), loops=True),
    Case(legendre_recurrence, lambda r: (r.uniform(-1, 1, 5),), loops=True),
    Case(euler_maruyama, lambda r: (r.uniform(0.5, 1.5, 3), float(r.uniform(-1, 1))), loops=True),
    Case(adaptive_step_while, lambda r: (float(r.uniform(0.5, 2)),), loops=True),
    Case(aitken_accel, lambda r: (float(r.uniform(0.5, 2)),), loops=True),
    Case(sor_inplace_2d, lambda r: (r.standard_normal((3, 3)),), loops=True),
]
