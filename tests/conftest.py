"""Shared fixtures: the built site, its servers, and Chromium through pytest-playwright, with one
guard that fails a test on errors in its pages.

The site is built once per session through build.py's own functions (or reused when its
fingerprint is current); every test that uses it (the `site_dir` fixture, directly or through
another fixture) is marked `site`, which `python build.py test --quick` leaves out. Browser and
Pyodide tests never skip themselves: deselect them with `-m "not e2e"` or `python build.py test
--quick`; in CI a missing browser is a failure.

Hypothesis runs the `ci` profile when the CI environment variable is set (derandomized: the same
examples on every run, so a red CI is the code's doing, not the draw's) and its random `dev`
profile otherwise; `pytest --hypothesis-profile=ci` picks one by hand.

Browsers come from pytest-playwright (its `browser`, `context`, `page`, `new_context` fixtures and
options: `--headed`, `--tracing retain-on-failure`, `--screenshot only-on-failure`, `--output`);
here its launch arguments point it at the system Chromium. Its fixtures are lazy, so a test that
needs no page starts no browser.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

from page_guard import ALLOW_MARKER, CHROMIUM_ARGS, PageErrors, ServeFactory, Servers
from puzzle_sets import describe_corpora

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

ROOT = Path(__file__).resolve().parents[1]
PAGE_TIMEOUT_MS = float(os.environ.get("SUDOKU_E2E_TIMEOUT_MS", "120000"))


def load_build_module() -> ModuleType:
    """build.py as module `sudoku_build` (the name `build` belongs to PyPA's build, also installed)."""
    if "sudoku_build" in sys.modules:
        return sys.modules["sudoku_build"]
    spec = importlib.util.spec_from_file_location("sudoku_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["sudoku_build"] = module
    spec.loader.exec_module(module)
    return module


load_build_module()  # test modules import it as `sudoku_build`

settings.register_profile("dev", settings.get_profile("default"))
settings.register_profile(
    "ci",
    settings.get_profile("default"),
    derandomize=True,  # the examples follow from each test's name: the same on every run
    database=None,  # a fresh clone keeps nothing between runs anyway
    deadline=None,  # a loaded CI machine is slow, not wrong
    print_blob=True,  # a failure prints what reproduces it
    suppress_health_check=[HealthCheck.too_slow],
)


def hypothesis_profile(environ: Mapping[str, str]) -> str:
    """`ci` when the CI variable is set to anything but "", "0" or "false"; else `dev`.

    Examples:
        >>> hypothesis_profile({"CI": "true"}), hypothesis_profile({"CI": "0"}), hypothesis_profile({})
        ('ci', 'dev', 'dev')
    """
    return "ci" if environ.get("CI", "").lower() not in ("", "0", "false") else "dev"


settings.load_profile(hypothesis_profile(os.environ))


def pytest_configure(config: pytest.Config) -> None:
    """Markers of this conftest (e2e and pyodide are declared in pyproject.toml)."""
    config.addinivalue_line(
        "markers", f"{ALLOW_MARKER}: the page guard prints console errors instead of failing"
    )
    # pytest-playwright 0.10.0 defines its fallback `base_url` fixture as a method, which pytest 9
    # deprecates; the fixture works (we do not use base_url), so the warning is only noise.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning",
    )


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `site` every test that uses the built site, however it reaches it."""
    for item in items:
        if "site_dir" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.site)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The one line saying which puzzle corpus the data-driven tests used (shown with -q too)."""
    terminalreporter.write_line(describe_corpora())


@pytest.fixture(scope="session")
def build_py() -> ModuleType:
    """The build.py module, for its functions and constants."""
    return load_build_module()


@pytest.fixture(scope="session")
def site_dir(build_py: ModuleType) -> Path:
    """The built site (built now, or reused when up to date)."""
    site: Path = build_py.ensure_built()
    return site


@pytest.fixture(scope="session")
def servers(build_py: ModuleType) -> Iterator[Servers]:
    """The one server factory; every server is stopped at the end of the session."""
    registry = Servers(build_py)
    yield registry
    registry.stop_all()


@pytest.fixture(scope="session")
def serve_site(site_dir: Path, servers: Servers) -> ServeFactory:
    """Factory: serve(site=site_dir, base="/", isolated=False) -> base URL, on a free port.

    Servers collect CSP violation reports (report-uri), which catch violations inside workers
    that never reach the console; the page guard fails a test on any.
    """

    def serve(site: Path = site_dir, base: str = "/", isolated: bool = False) -> str:
        return servers.serve(site, base=base, isolated=isolated)

    return serve


@pytest.fixture(scope="session")
def site_server(serve_site: ServeFactory) -> str:
    """Base URL (with trailing slash) of the built site served at the root on a free port."""
    return serve_site()


@pytest.fixture
def site_copy(site_dir: Path, tmp_path: Path) -> Path:
    """A private copy of the site that a test may alter (e.g. tamper with a wheel)."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    return copy


# --- the browser (pytest-playwright) -------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], build_py: ModuleType
) -> dict[str, Any]:
    """pytest-playwright's launch arguments (`--headed`, `--slowmo`...) with the system Chromium
    when present (these machines), else Playwright's own."""
    executable = build_py.system_chromium()
    launch = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    return launch | ({"executable_path": executable} if executable else {})


@pytest.fixture
def page_errors(servers: Servers, request: pytest.FixtureRequest) -> Iterator[PageErrors]:
    """The guard of the current test: fails it on errors in the pages it watches, or on CSP
    reports to the servers during it (opt out with @pytest.mark.allow_console_errors)."""
    guard = PageErrors(servers)
    yield guard
    guard.check(request)


@pytest.fixture
def context(context: BrowserContext, page_errors: PageErrors) -> BrowserContext:
    """pytest-playwright's context (own storage; traced and screenshotted on its options), guarded."""
    page_errors.watch(context)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    return context


@pytest.fixture
def page(page: Page, page_errors: PageErrors) -> Page:
    """pytest-playwright's page (opened in the guarded `context` above), its exceptions guarded."""
    page_errors.watch_page(page)
    return page
