"""bench/benchkit.py: what the benchmark scripts share (the scripts themselves print figures;
these tests only check the shared helpers and that the scripts load with them)."""

from __future__ import annotations

import pytest
from conftest import ROOT, load_bench


def test_pct_is_the_nearest_rank_quantile():
    kit = load_bench("benchkit")
    xs = [float(x) for x in range(1, 101)]          # 1 … 100, shuffled below
    xs = xs[50:] + xs[:50]
    assert kit.pct(xs, 0.5) == 51.0
    assert kit.pct(xs, 0.95) == 96.0
    assert kit.pct(xs, 1.0) == 100.0                 # clamped to the largest
    assert kit.pct([7.0], 0.95) == 7.0
    assert xs[0] == 51.0                             # the caller's list is left as it was


def test_baseline_is_a_positive_time():
    assert load_bench("benchkit").baseline_ms() > 0


@pytest.mark.parametrize("script", ["advice", "engine"])
def test_the_scripts_that_run_again_in_pyodide_share_the_kit(script):
    module = load_bench(script)
    assert module.rerun_in_pyodide.__module__ == "benchkit"
    source = (ROOT / "bench" / f"{script}.py").read_text(encoding="utf-8")
    assert "pyodide_run.mjs" not in source and "subprocess" not in source


def test_the_pyodide_runner_puts_the_scripts_folder_on_the_path():
    runner = (ROOT / "bench" / "pyodide_run.mjs").read_text(encoding="utf-8")
    argv = runner.index("sys.argv = list(_argv)")
    assert runner.index("sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[0])))") > argv
