"""Build the compiled twin of the rules and the AI's hot modules with mypyc, outside the tree.

Run by ``scripts/test`` and ``scripts/play`` (through ``scripts/_venv.sh``) with the venv's Python.
It prints one line saying which build runs, and exits 0 whatever happens: without a C compiler,
without mypyc, or when the compile fails, the same source runs as Python.

The build goes to ``<venv>/harmonies-compiled/`` (``harmonies.compiled.build_dir``): the extension
modules under ``lib-<key>/`` and ``manifest.json`` naming them with the key of the sources they were
built from. The manifest is written last and replaced in one step, so a half-done build is never
used; ``harmonies.compiled.install`` uses a build only while its key is the key of the source as it
is now, so an edited file runs as Python until this runs again. ``--out DIR`` builds into another
folder (``scripts/build`` bundles such a build into the packaged app).

A compile that fails is recorded in ``failed.json`` beside the manifest, with its cause and the key of
the sources and the tools it was tried with (:func:`attempt_key`); while both stay the same it is not
tried again (one line says why the game runs as Python), so a start after a failure is as quick as one
after a success. ``--retry`` tries anyway.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from harmonies import compiled

ROOT = Path(__file__).resolve().parent.parent

# Run in a child process from the checkout's root, so that mypyc names the modules from their
# paths (harmonies/rules/game.py -> harmonies.rules.game). Arguments: C folder, temp folder, lib
# folder, jobs, then the source paths.
SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
c_dir, temp_dir, lib_dir, jobs, *paths = sys.argv[1:]
setup(
    name="harmonies-compiled", packages=[], py_modules=[],
    ext_modules=mypycify(paths, target_dir=c_dir, opt_level="3", debug_level="0"),
    script_args=["-q", "build_ext", "--build-lib", lib_dir, "--build-temp", temp_dir, "--parallel", jobs],
)
"""


def recipe() -> str:
    """What the build was made with besides the source: this script's compile step and mypyc's
    version (a change of either makes a new build; the source's key is checked by the game)."""
    try:
        version = importlib.metadata.version("mypy")
    except importlib.metadata.PackageNotFoundError:
        version = "none"
    return f"mypy {version}; {hashlib.sha256(SETUP.encode()).hexdigest()[:16]}"


def say(line: str) -> None:
    print(f"harmonies: {line}", file=sys.stderr, flush=True)


def c_compiler() -> str | None:
    """The C compiler the extension build would call, if it is installed."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0])


# What the compile needs besides a C compiler: modules it imports, and the stub packages mypyc's type
# check reads for the libraries the compiled sources import (distribution names).
TOOL_MODULES = ("mypyc", "setuptools")
STUB_PACKAGES = ("types-PyYAML",)
FAILED = "failed.json"


def _installed(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def missing_tools() -> list[str]:
    modules = [name for name in TOOL_MODULES if importlib.util.find_spec(name) is None]
    return [*modules, *(name for name in STUB_PACKAGES if _installed(name) is None)]


def tools() -> str:
    """The tools a compile runs with: the C compiler and the versions of mypy, setuptools and the stubs."""
    versions = [f"{name} {_installed(name) or 'none'}" for name in ("mypy", "setuptools", *STUB_PACKAGES)]
    return "; ".join([f"cc {c_compiler() or 'none'}", *versions])


def attempt_key(key: str) -> str:
    """What a failed compile is remembered by: the sources' key, this script's recipe and the tools."""
    return hashlib.sha256(f"{key}\n{recipe()}\n{tools()}".encode()).hexdigest()


def cause_of(log: Path) -> str:
    """The line of a build log that says why it failed: mypy's or the compiler's first error, else its last line."""
    lines = [line.strip() for line in log.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    errors = [line for line in lines if "error:" in line or line.startswith("error")]
    return (errors or lines or ["no output"])[0][:300]


def failed_before(folder: Path, key: str) -> str | None:
    """The cause recorded by a compile that failed with these sources and tools, if one did."""
    try:
        data = json.loads((folder / FAILED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("attempt") != attempt_key(key):
        return None
    return str(data.get("cause", "unknown cause"))


def record_failure(folder: Path, key: str, cause: str) -> None:
    record = {"attempt": attempt_key(key), "sources": key, "tools": tools(), "recipe": recipe(), "cause": cause,
              "log": str(folder / "last-build.log")}
    staged = folder / f"{FAILED}.new"
    staged.write_text(json.dumps(record, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(staged, folder / FAILED)


def modules_of(lib: Path) -> dict[str, str]:
    """Module name -> extension file (relative to ``lib``) of every module built into ``lib``."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    out: dict[str, str] = {}
    for path in sorted(lib.rglob("*")):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            rel = path.relative_to(lib)
            out[".".join((*rel.parts[:-1], rel.name[: -len(suffix)]))] = rel.as_posix()
    return out


def made_with(folder: Path) -> str | None:
    try:
        made = json.loads((folder / compiled.MANIFEST).read_text(encoding="utf-8")).get("recipe")
    except (OSError, ValueError, AttributeError):
        return None
    return made if isinstance(made, str) else None


def build(folder: Path, key: str) -> bool:
    """Compile into ``folder``; whether it worked (the failure is told in a few lines)."""
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="work-", dir=folder))
    lib = folder / f"lib-{key[:16]}"
    sources = [p.relative_to(ROOT).as_posix() for p in compiled.compiled_sources()]
    jobs = str(max(1, min(4, os.cpu_count() or 1)))
    env = {**os.environ, "MYPY_CACHE_DIR": str(work / "mypy-cache"), compiled.PURE_ENV: "1"}
    log = folder / "last-build.log"
    started = time.monotonic()
    say("compiling the rules and the AI with mypyc (a minute or two, once after each change to them)")
    try:
        with log.open("w", encoding="utf-8") as out:
            done = subprocess.run(
                [sys.executable, "-c", SETUP, str(work / "c"), str(work / "temp"), str(work / "lib"), jobs, *sources],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, check=False,
            )
        modules = modules_of(work / "lib")
        if done.returncode != 0 or not modules:
            tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-5:]
            for line in tail:
                say(f"  {line}")
            say(f"the compile failed (the whole log: {log})")
            record_failure(folder, key, cause_of(log))
            return False
        shutil.rmtree(lib, ignore_errors=True)
        (work / "lib").rename(lib)
        manifest = {"key": key, "recipe": recipe(), "modules": {name: f"{lib.name}/{rel}" for name, rel in modules.items()}}
        staged = folder / f"{compiled.MANIFEST}.new"
        staged.write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(staged, folder / compiled.MANIFEST)
        (folder / FAILED).unlink(missing_ok=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for old in folder.glob("lib-*"):  # builds of earlier sources: nothing names them any more
        if old != lib:
            shutil.rmtree(old, ignore_errors=True)
    say(f"compiled {len(modules) - 1} modules in {time.monotonic() - started:.0f} s")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, help="build into this folder (default: the venv's build folder)")
    parser.add_argument("--retry", action="store_true",
                        help="compile even if a compile of the same sources with the same tools failed")
    args = parser.parse_args(argv)
    folder = args.out.resolve() if args.out else compiled.build_dir()
    if compiled.pure_forced() and args.out is None:
        say(f"pure Python build ({compiled.PURE_ENV} is set)")
        return 0
    key = compiled.source_key()
    found = compiled.read_manifest(folder)
    if found is not None and found[0] == key and made_with(folder) == recipe():
        say("compiled build (rules and AI compiled by mypyc; up to date)")
        return 0
    if c_compiler() is None:
        say("pure Python build (no C compiler found)")
        return 0
    missing = missing_tools()
    if missing:
        say(f"pure Python build ({' and '.join(missing)} not installed)")
        return 0
    cause = None if args.retry else failed_before(folder, key)
    if cause is not None:
        say(f"pure Python build: the compile of these sources failed with these tools ({cause}); it is tried "
            f"again once either changes, or with scripts/compile.py --retry (log: {folder / 'last-build.log'})")
        return 0
    if not build(folder, key):
        say("pure Python build (the compile failed; it is not tried again until the sources or the tools change)")
        return 0
    say("compiled build (rules and AI compiled by mypyc)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
