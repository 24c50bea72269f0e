"""The samples run and their losses fall (SPEC §5 in use)."""

import os
import subprocess
import sys

import pytest

from paths import SAMPLES

sys.path.insert(0, SAMPLES)

import logistic_regression  # noqa: E402
import mlp  # noqa: E402
import rnn_sequence  # noqa: E402


def test_mlp_two_spirals_loss_falls():
    curve, accuracy = mlp.train(steps=120, report=40)
    assert curve[-1][1] < 0.8 * curve[0][1]


def test_logistic_regression_clip_and_apply():
    curve, accuracy = logistic_regression.train(steps=60, report=20)
    assert curve[-1][1] < 0.5 * curve[0][1]
    assert accuracy > 0.85


def test_rnn_sequence_loss_falls():
    curve = rnn_sequence.train(steps=40, report=20)
    assert curve[-1][1] < 0.1 * curve[0][1]


@pytest.mark.parametrize("script", ["demo.py", "logistic_regression.py"])
def test_sample_scripts_run(script):
    proc = subprocess.run([sys.executable, os.path.join(SAMPLES, script)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "loss" in proc.stdout
