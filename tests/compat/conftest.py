"""Other projects' test cases (tests/compat): after the run, how many checks passed in each mode."""

import sys


def pytest_terminal_summary(terminalreporter):
    import check_modes

    if check_modes.PASSED:
        counts = ", ".join(f"{m}: {check_modes.PASSED[m]}" for m in check_modes.MODES)
        terminalreporter.write_line(f"check_modes: checks passed per mode: {counts}")
    tangent = sys.modules.get("test_tangent_functions") or sys.modules.get(
        "tests.compat.test_tangent_functions")
    if tangent is not None and tangent.TALLY:
        counts = ", ".join(f"{m} {k}: {n}" for (m, k), n in sorted(tangent.TALLY.items()))
        terminalreporter.write_line(f"tangent corpus: {counts}")
