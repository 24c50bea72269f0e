# ruff: noqa: E501, E402, BLE001
"""Programs in the spirit of google/tangent's tests/functions.py, rewritten."""
import numpy as np
from harness import Case

import tangent_corpus as tc  # tests/support (run.py puts it on the path)

# the functions both ports share are the test suite's (tests/support/tangent_corpus.py),
# under this sweep's names
identity = tc.identity
negate = tc.negate
total_of = tc.sum_call
total_of_array = tc.sum_of_array_copy
rebind_after_sum = tc.rebind_vector_to_scalar
th = tc.tanh_call
copy_name = tc.alias_then_return
plus_one = tc.add_int_literal
axpy = tc.axpy
times = tc.product
plus = tc.total
axpy_rebind = tc.axpy_rebinding
branch_rebind = tc.branch_rebinds
nested_branches = tc.branch_inside_branch
tangled_branches = tc.branch_on_expressions
np_multiply = tc.np_multiply_const
two_outputs = tc.two_outputs
list_then_sum = tc.sum_of_list_literal
list_of_products = tc.product_in_list_literal
read_two = tc.read_two_entries
store_product = tc.store_into_argument
store_from_square = tc.store_after_power
list_index = tc.read_from_list_literal
two_ifs = tc.branches_in_sequence
compare_args = tc.branch_on_two
loops_in_a_row = tc.loops_in_sequence
if_then_loop = tc.branch_then_loop
loop_then_if = tc.loop_then_branch
if_in_if = tc.branch_then_nested
elif_rebind = tc.elif_chain
cube = tc.cube_by_products
cube_pow = tc.cube_by_power
cube_loop = tc.cube_from_int_one
cube_loop2 = tc.cube_from_a
square_thrice = tc.repeated_square_fixed
square_n = tc.repeated_square
guarded_squares = tc.branch_in_loop
squares_if = tc.loop_in_branch
double_loop_squares = tc.nested_loops
cubes_loop = tc.triple_product_in_loop
np_mean = tc.mean_call
exp_exp = tc.exp_of_exp
_inner = tc.product
call_inner = tc.product_by_call
branch_calls = tc.call_in_each_branch
loop_calls = tc.call_in_loop
nested_calls = tc.call_through_call
loop_nested_def = tc.local_def_in_loop
unpack_tuple = tc.unpack_tuple_argument
dict_axpy = tc.dict_argument
pick_from_tuple = tc.pick_from_packed
first_of_tuple = tc.first_of_tuple_argument
polar = tc.to_polar
comprehension_sum = tc.list_comprehension_sum
halve_until_small = tc.halve_while_large
copy_loop = tc.copy_entries_in_loop
rows_from_entries = tc.fill_rows_in_loop
tail_sum = tc.sum_of_tail
tiny_rnn = tc.recurrent_sum
bilinear_layer = tc.bilinear_tanh
square_twice = tc.square_twice
chain_squares = tc.chain_of_squares
dict_of_dicts = tc.nested_dict_argument
strided_newaxis = tc.strided_slice_new_axis
a_unused = tc.unused_product


def s(rng, lo=0.3, hi=1.5):
    return float(rng.uniform(lo, hi) * rng.choice([-1, 1]))


def pos(rng, lo=0.3, hi=1.5):
    return float(rng.uniform(lo, hi))


def vec(rng, n=4):
    return rng.standard_normal(n)


def axpy_calls(a, b, c):
    return plus(times(a, b), c)


def axpy_steps(a, b, c):
    p = a * b
    q = p + c
    return q


def name_like_adjoint(a):
    da = a * a
    ba = da + a
    return ba


def binops(a):
    return (a * 3.0 + 3.0 * a + a * a + a / 3.0 + 3.0 / a + a / a + a - 3.0
            + (3.0 - a) + (a - a) + (a + 3.0) + (3.0 + a) + (a + a))


def list_store(a):
    x = [1.0, a * a, 3.0]
    x[1] = x[0] * x[1]
    return x[1] + x[1]


def root(a):
    return np.sqrt(a)


def logreg(inp, label, W, b):
    h1 = np.dot(inp, W) + b
    prediction = 0.5 * (np.tanh(h1) + 1)
    label_probabilities = prediction * label + (1 - prediction) * (1 - label)
    loss = -np.sum(np.log(label_probabilities))
    return loss


def build_dict(abc):
    a, b, c = abc
    return dict_axpy(dict(a=a, b=b, c=c))


def tiny_rnn_tanh(inputs, W, U):
    h = np.zeros((4, 3))
    for t in range(3):
        h[t + 1] = np.tanh(np.dot(inputs[t], W) + np.dot(h[t], U))
    return np.sum(h[1:] ** 2)


def aug_mul(a):
    x = a * a
    x *= x
    return x


def power_ab(a, b):
    a = a ** b
    return a


def chain_square_calls(a):
    b = times(a, a)
    c = times(b, b)
    d = times(c, c)
    return d


CASES = [
    Case(identity, lambda r: (s(r),)),
    Case(negate, lambda r: (s(r),)),
    Case(total_of, lambda r: (vec(r),)),
    Case(total_of_array, lambda r: (vec(r),)),
    Case(rebind_after_sum, lambda r: (vec(r),)),
    Case(th, lambda r: (s(r),)),
    Case(th, lambda r: (vec(r),), note="array"),
    Case(copy_name, lambda r: (s(r),)),
    Case(plus_one, lambda r: (s(r),)),
    Case(axpy, lambda r: (s(r), s(r), s(r))),
    Case(axpy, lambda r: (vec(r), vec(r), s(r)), note="arrays"),
    Case(times, lambda r: (s(r), s(r))),
    Case(axpy_calls, lambda r: (s(r), s(r), s(r))),
    Case(axpy_steps, lambda r: (s(r), s(r), s(r))),
    Case(axpy_rebind, lambda r: (s(r), s(r), s(r))),
    Case(name_like_adjoint, lambda r: (s(r),)),
    Case(branch_rebind, lambda r: (s(r),)),
    Case(binops, lambda r: (s(r),)),
    Case(binops, lambda r: (vec(r) + 3.0,), note="array"),
    Case(nested_branches, lambda r: (s(r),)),
    Case(tangled_branches, lambda r: (s(r),)),
    Case(np_multiply, lambda r: (s(r),)),
    Case(two_outputs, lambda r: (s(r),)),
    Case(two_outputs, lambda r: (vec(r),), note="array"),
    Case(list_then_sum, lambda r: (s(r),)),
    Case(list_of_products, lambda r: (vec(r),)),
    Case(read_two, lambda r: (vec(r),)),
    Case(store_product, lambda r: (vec(r),)),
    Case(store_from_square, lambda r: (vec(r),)),
    Case(list_index, lambda r: (s(r),)),
    Case(list_store, lambda r: (s(r),)),
    Case(two_ifs, lambda r: (s(r),)),
    Case(compare_args, lambda r: (s(r), s(r))),
    Case(loops_in_a_row, lambda r: (float(r.uniform(0.8, 1.1)), 2), loops=True),
    Case(if_then_loop, lambda r: (s(r, 0.7, 1.1), 2), loops=True),
    Case(loop_then_if, lambda r: (s(r, 0.7, 1.1), 2), loops=True),
    Case(if_in_if, lambda r: (s(r, 0.5, 5),)),
    Case(elif_rebind, lambda r: (s(r),)),
    Case(cube, lambda r: (s(r),)),
    Case(cube_pow, lambda r: (s(r),)),
    Case(cube_loop, lambda r: (s(r),), loops=True),
    Case(cube_loop2, lambda r: (s(r),), loops=True),
    Case(square_thrice, lambda r: (s(r, 0.8, 1.1),), loops=True),
    Case(square_n, lambda r: (s(r, 0.8, 1.1), 3), loops=True),
    Case(square_n, lambda r: (vec(r) * 0.3 + 1.0, 3), loops=True, note="array"),
    Case(guarded_squares, lambda r: (s(r, 1.1, 3.0),), loops=True),
    Case(squares_if, lambda r: (s(r, 0.8, 1.2),), loops=True),
    Case(double_loop_squares, lambda r: (float(r.uniform(0.97, 1.02)),), loops=True),
    Case(cubes_loop, lambda r: (s(r, 0.8, 1.1),), loops=True),
    Case(np_mean, lambda r: (vec(r),)),
    Case(exp_exp, lambda r: (s(r),)),
    Case(root, lambda r: (pos(r),)),
    Case(root, lambda r: (np.abs(vec(r)) + 0.2,), note="array"),
    Case(logreg, lambda r: (r.standard_normal((5, 3)), (r.uniform(size=(5, 2)) > 0.5).astype(float),
                            r.standard_normal((3, 2)), r.standard_normal(2))),
    Case(call_inner, lambda r: (s(r), s(r))),
    Case(branch_calls, lambda r: (s(r), s(r))),
    Case(loop_calls, lambda r: (s(r, 0.8, 1.1), 3), loops=True),
    Case(nested_calls, lambda r: (s(r), s(r))),
    Case(loop_nested_def, lambda r: (s(r, 0.8, 1.1), 3), loops=True),
    Case(unpack_tuple, lambda r: ((s(r), s(r), s(r)),)),
    Case(unpack_tuple, lambda r: ([vec(r), vec(r), vec(r)],), note="list of arrays"),
    Case(dict_axpy, lambda r: ({'a': s(r), 'b': s(r), 'c': s(r)},)),
    Case(build_dict, lambda r: ((s(r), s(r), s(r)),)),
    Case(pick_from_tuple, lambda r: (s(r), s(r), s(r), 1)),
    Case(first_of_tuple, lambda r: ((s(r), s(r), s(r)),)),
    Case(polar, lambda r: (s(r), s(r))),
    Case(comprehension_sum, lambda r: (vec(r),), loops=True),
    Case(halve_until_small, lambda r: (s(r, 0.5, 3.0),), loops=True),
    Case(copy_loop, lambda r: (vec(r),), loops=True),
    Case(rows_from_entries, lambda r: (vec(r),), loops=True),
    Case(tail_sum, lambda r: (vec(r),)),
    Case(tiny_rnn, lambda r: (r.standard_normal((3, 2)), r.standard_normal((2, 3))), loops=True),
    Case(tiny_rnn_tanh, lambda r: (r.standard_normal((3, 2)), r.standard_normal((2, 3)),
                                   r.standard_normal((3, 3)) * 0.5), loops=True),
    Case(aug_mul, lambda r: (s(r),)),
    Case(bilinear_layer, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 4)),
                                    r.standard_normal((4, 5)), r.standard_normal((3, 5)), r.standard_normal(5))),
    Case(power_ab, lambda r: (pos(r), s(r))),
    Case(square_twice, lambda r: (s(r),)),
    Case(chain_squares, lambda r: (s(r, 0.8, 1.1),)),
    Case(chain_square_calls, lambda r: (s(r, 0.8, 1.1),)),
    Case(dict_of_dicts, lambda r: ({'i': {'j': s(r), 'k': s(r)}},)),
    Case(strided_newaxis, lambda r: (r.standard_normal((5, 3)),)),
    Case(a_unused, lambda r: (s(r),)),
]
