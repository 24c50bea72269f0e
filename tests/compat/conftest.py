"""autograd's test cases (tests/compat): after the run, how many checks passed in each mode."""


def pytest_terminal_summary(terminalreporter):
    import check_modes

    if check_modes.PASSED:
        counts = ", ".join(f"{m}: {check_modes.PASSED[m]}" for m in check_modes.MODES)
        terminalreporter.write_line(f"check_modes: checks passed per mode: {counts}")
