"""Other projects' test cases (tests/compat): after the run, how many checks passed in each mode."""

import sys


def pytest_terminal_summary(terminalreporter):
    import check_modes

    if check_modes.PASSED:
        counts = ", ".join(f"{m}: {check_modes.PASSED[m]}" for m in check_modes.MODES)
        terminalreporter.write_line(f"check_modes: checks passed per mode: {counts}")
    corpora = ("tangent_functions", "jax_control_flow", "tf_grads", "torch_opinfo_grads",
               "python_breadth", "domain_programs")
    for corpus in corpora:  # their TALLY of outcomes
        module = sys.modules.get(f"test_{corpus}") or sys.modules.get(
            f"tests.compat.test_{corpus}")
        if module is not None and module.TALLY:
            counts = ", ".join(f"{m} {k}: {n}" for (m, k), n in sorted(module.TALLY.items()))
            terminalreporter.write_line(f"{corpus}: {counts}")
