"""The cross-engine suite (tests/engine_suite.py) in WebKitGTK, Safari's engine: Debian's
MiniBrowser driven by Selenium through WebKitWebDriver (tests/engine_drivers.py)."""

from __future__ import annotations

import pytest
from engine_drivers import WebKit, missing
from engine_suite import Report, StoppableSite, check_log, whole_game

pytestmark = pytest.mark.engines


def test_the_whole_game_at_phone_size_offline_and_back(site_dir, served_origins, tmp_path):
    assert not missing()["webkit"], f"missing {missing()['webkit']}: run tests/run"
    site = StoppableSite(site_dir, served_origins)
    engine = WebKit(tmp_path)
    report = Report(engine.name)
    try:
        whole_game(engine, site.url, site_dir, site.stop, report)
        check_log(engine, served_origins)
    finally:
        engine.close()
        site.stop()
    print(f"\nwebkit {engine.version}: {report.times} {report.facts}")
