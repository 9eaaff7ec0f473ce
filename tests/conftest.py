"""Suite-wide: which build the tests run on, the tests only the pure-Python build can run, the
check that a slow test is marked ``slow``, and the text catalogues parsed once per process."""

from __future__ import annotations

import gc
import os
import resource
import time
from collections.abc import Generator

import pluggy
import pytest

from harmonies import catalogue
from harmonies.compiled import COMPILED, build_name
from parse_cache import by_file

BUILD = build_name()

# Every App reads the catalogues of its language and English: parsed once per process, each reader
# gets its own copy (tests/parse_cache.py). A file that changes, or is missing or broken, is read for real.
# The path is looked up as the catalogue looks it up (its module's resource_path, which a test may replace).
catalogue._read_yaml = by_file(
    catalogue._read_yaml, lambda language: getattr(catalogue, "resource_path")(f"assets/locales/{language}.yaml"))
#: CPU seconds (setup and call) over which a test must be marked ``slow``.
SLOW_CPU = 2.0
#: With ``--check-slow``, an unmarked test over this many times SLOW_CPU fails the run; those between
#: the two are listed only. CPU time rather than the clock, and the margin, keep a loaded machine from
#: failing a test that is quick where it runs alone: other processes do not add to a test's CPU time,
#: only slow it a little (shared caches), and waiting for a thread or a process adds nothing.
FAIL_FACTOR = 3.0


def pytest_report_header() -> str:
    return f"harmonies build: {BUILD}"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--check-slow", action="store_true",
                     help=f"fail the run when a test not marked slow takes over {SLOW_CPU * FAIL_FACTOR:.0f} CPU "
                          f"seconds (those over {SLOW_CPU:.0f} are listed in any case)")
    parser.addoption("--cpu-top", type=int, default=0, metavar="N",
                     help="list the N tests that took the most CPU seconds, marked slow or not")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Every test of tests/golden is marked golden, for scripts/test's second, pure-Python pass.
    for item in items:
        if "golden" in item.path.parts:
            item.add_marker(pytest.mark.golden)
    # A test marked pure_python replaces a method of a compiled class to spy on it, which a compiled
    # class does not allow; scripts/test runs these once more with the pure build forced.
    if BUILD != COMPILED:
        return
    skip = pytest.mark.skip(reason="spies on a compiled method: runs in the pure-Python pass of scripts/test")
    for item in items:
        if item.get_closest_marker("pure_python") is not None:
            item.add_marker(skip)


# -- the slow check ----------------------------------------------------------------------------
# The CPU time of each test's setup and call is measured where the test runs (a pytest-xdist worker)
# and travels in its report's user_properties to the process that prints the summary. The CPU time
# of the processes a test started and waited for (the command line, a killed writer) is measured
# apart: --cpu-top shows it, the slow check counts the test's own.

def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    start, children = time.process_time(), _children_cpu()
    yield
    item.stash[_CPU] = time.process_time() - start
    item.stash[_CHILD_CPU] = _children_cpu() - children


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    start, children = time.process_time(), _children_cpu()
    yield
    item.stash[_CPU] = item.stash.get(_CPU, 0.0) + time.process_time() - start
    item.stash[_CHILD_CPU] = item.stash.get(_CHILD_CPU, 0.0) + _children_cpu() - children


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pluggy.Result[pytest.TestReport], None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        report.user_properties.append(("cpu_seconds", item.stash.get(_CPU, 0.0)))
        report.user_properties.append(("child_cpu_seconds", item.stash.get(_CHILD_CPU, 0.0)))
        report.user_properties.append(("marked_slow", item.get_closest_marker("slow") is not None))


_CPU = pytest.StashKey[float]()
_CHILD_CPU = pytest.StashKey[float]()
_OVER: dict[str, float] = {}
#: CPU seconds of the tests run (setup and call): those marked slow, and the others.
_TOTAL = {"slow": 0.0, "other": 0.0, "children": 0.0}
#: CPU seconds of every test that passed, its own and its child processes', for --cpu-top.
_ALL: dict[str, tuple[float, float]] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when != "call" or not report.passed:
        return
    props = dict(report.user_properties)
    cpu = props.get("cpu_seconds", 0.0)
    assert isinstance(cpu, float), props
    _TOTAL["slow" if props.get("marked_slow", False) else "other"] += cpu
    child = props.get("child_cpu_seconds", 0.0)
    assert isinstance(child, float), props
    _TOTAL["children"] += child
    _ALL[report.nodeid] = (cpu, child)
    if not props.get("marked_slow", True) and cpu > SLOW_CPU:
        _OVER[report.nodeid] = cpu


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int,
                            config: pytest.Config) -> None:
    if _TOTAL["slow"] or _TOTAL["other"]:
        terminalreporter.write_line(f"CPU seconds of the tests that passed: {_TOTAL['other']:.0f} not marked slow, "
                                    f"{_TOTAL['slow']:.0f} marked slow; {_TOTAL['children']:.0f} in the "
                                    f"processes they started")
    top = int(config.getoption("--cpu-top"))
    if top > 0 and _ALL:
        terminalreporter.section(f"the {min(top, len(_ALL))} tests that took the most CPU seconds")
        for nodeid, (cpu, child) in sorted(_ALL.items(), key=lambda kv: -sum(kv[1]))[:top]:
            started = f" + {child:.2f} in its processes" if child >= 0.01 else ""
            terminalreporter.write_line(f"{cpu:6.2f} CPU s{started}  {nodeid}")
    if not _OVER:
        return
    terminalreporter.section("tests over the slow limit, not marked slow")
    for nodeid, cpu in sorted(_OVER.items(), key=lambda kv: -kv[1]):
        over = " (fails --check-slow)" if cpu > SLOW_CPU * FAIL_FACTOR else ""
        terminalreporter.write_line(f"{cpu:6.1f} CPU s  {nodeid}{over}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if session.config.getoption("--check-slow") and any(cpu > SLOW_CPU * FAIL_FACTOR for cpu in _OVER.values()) \
            and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# -- memory between tests ------------------------------------------------------------------------
# A window test leaves its App behind as garbage in reference cycles (scenes, sections and the app
# point at each other), which only a full collection frees; the collector's own schedule runs one
# rarely, so a worker that runs many window tests in a row kept several dead apps with their windows'
# surfaces at once (a worker's peak grew past 700 MB over the guided game's ten whole games). A full
# collection runs after a test that leaves the process over COLLECT_ABOVE_MB and COLLECT_STEP_MB
# above where the last one left it: freed memory stays with the process and is reused, so resident
# memory grows again only as garbage piles up, and a collection (tens of milliseconds in a big worker)
# runs every few dozen window tests rather than after each. Otherwise the check is one read of /proc.
COLLECT_ABOVE_MB = 256
COLLECT_STEP_MB = 32
_STATM = "/proc/self/statm"
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
#: Resident memory (MB) after the last collection.
_collected_at = [0.0]


def _resident_mb() -> float | None:
    """This process's resident memory now (Linux), or None where /proc is not there."""
    try:
        with open(_STATM) as f:
            return int(f.read().split()[1]) * _PAGE / 2**20
    except (OSError, ValueError, IndexError):
        return None


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    resident = _resident_mb()
    if resident is not None and resident > max(COLLECT_ABOVE_MB, _collected_at[0] + COLLECT_STEP_MB):
        gc.collect()
        _collected_at[0] = _resident_mb() or resident
