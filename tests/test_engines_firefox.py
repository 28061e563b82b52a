"""The cross-engine suite (tests/engine_suite.py) in Gecko: Debian's firefox-esr driven by
puppeteer-core over WebDriver BiDi (tests/engine_drivers.py, tests/engines/firefox.mjs)."""

from __future__ import annotations

import pytest
from engine_drivers import Firefox, missing
from engine_suite import Report, StoppableSite, check_log, denied_storage, no_webassembly, whole_game

pytestmark = pytest.mark.engines


def test_the_whole_game_at_phone_size_offline_and_back_then_denied_storage(
        site_dir, site_url, served_origins, tmp_path):
    assert not missing()["firefox"], f"missing {missing()['firefox']}: run tests/run"
    site = StoppableSite(site_dir, served_origins)
    engine = Firefox(tmp_path)
    report = Report(engine.name)
    try:
        whole_game(engine, site.url, site_dir, site.stop, report)
        check_log(engine, served_origins)
        engine.fresh()                          # a new, empty profile
        assert denied_storage(engine, site_url, report)
        check_log(engine, served_origins)
    finally:
        engine.close()
        site.stop()
    print(f"\nfirefox {engine.version}: {report.times} {report.facts}")


def test_without_webassembly_the_table_says_why(site_url, tmp_path):
    """Firefox with WebAssembly switched off (``javascript.options.wasm``), as Lockdown Mode
    switches it off in Safari on an iPhone."""
    engine = Firefox(tmp_path, wasm=False)
    try:
        no_webassembly(engine, site_url, Report(engine.name))
    finally:
        engine.close()
