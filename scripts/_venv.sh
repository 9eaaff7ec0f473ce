# Shared by scripts/play, scripts/test and scripts/build (sourced, not run).
#
# harmonies_venv EXTRAS
#   Makes sure ROOT/.venv exists and holds an editable install of the project
#   with the given extras ("" for none, "test", "build"). The install is
#   skipped when a stamp file says it was already done for the same
#   pyproject.toml, so a second run starts at once.
#   Sets VENV_PY to the venv's python.
#
# harmonies_compile
#   Builds the compiled twin of the rules and the AI into the venv when a C
#   compiler is there, or finds it up to date (scripts/compile.py), and prints
#   one line saying which build runs. Never fails: without a compiler, or when
#   the compile fails, the same source runs as pure Python.
#
# harmonies_compile_tools
#   With a C compiler on PATH, makes sure the venv holds everything the
#   compile needs (the "compile" extra: mypyc, setuptools and the stubs of
#   the libraries the compiled sources import); without them the game runs
#   as pure Python.
#
# harmonies_play_venv
#   What scripts/play sets up: the base project, plus the "compile" extra in
#   the same install when a C compiler is there (one pip run on a fresh clone).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
VENV_PY="$VENV/bin/python"

_say() { printf 'harmonies: %s\n' "$*" >&2; }

# Prints the first interpreter that is Python 3.10 or newer.
_find_python() {
    local candidate
    for candidate in ${PYTHON:-} python3.13 python3.12 python3.11 python3.10 python3; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 10))' >/dev/null 2>&1; then
            command -v "$candidate"
            return 0
        fi
    done
    return 1
}

_venv_works() {
    [ -x "$VENV_PY" ] && "$VENV_PY" -c 'import sys; sys.exit(sys.version_info < (3, 10))' >/dev/null 2>&1
}

_project_hash() {
    # Keyed on pyproject.toml (dependencies, extras, entry points) and the
    # venv's Python, so either changing triggers a reinstall.
    {
        cat "$ROOT/pyproject.toml"
        "$VENV_PY" -c 'import sys; print(sys.version)'
    } | "$VENV_PY" -c 'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())'
}

harmonies_venv() {
    local extras="${1:-}"
    local python
    if ! _venv_works; then
        if ! python="$(_find_python)"; then
            _say "Python 3.10 or newer is needed, but none was found on PATH"
            _say "(looked for python3.13 ... python3.10 and python3; set PYTHON=/path/to/python to choose one)."
            return 1
        fi
        _say "creating $VENV with $("$python" -c 'import sys; print("Python %d.%d.%d" % sys.version_info[:3])')"
        rm -rf "$VENV"
        if ! "$python" -m venv "$VENV"; then
            _say "could not create the virtual environment; on Debian/Ubuntu install the python3-venv package."
            return 1
        fi
    fi

    local hash stamp_name stamp
    hash="$(_project_hash)"
    stamp_name="${extras:-base}"
    stamp="$VENV/.harmonies-installed-$stamp_name"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
        return 0
    fi
    # Any install with extras also installed the base project.
    if [ -z "$extras" ]; then
        local other
        for other in "$VENV"/.harmonies-installed-*; do
            if [ -f "$other" ] && [ "$(cat "$other")" = "$hash" ]; then
                return 0
            fi
        done
    fi

    local target="."
    [ -n "$extras" ] && target=".[$extras]"
    _say "installing the project into .venv (pip install -e '$target'); later runs skip this"
    if ! (cd "$ROOT" && "$VENV_PY" -m pip install --disable-pip-version-check -q -e "$target"); then
        _say "pip install -e '$target' failed (see above)."
        return 1
    fi
    printf '%s\n' "$hash" >"$stamp"
}

_have_cc() {
    command -v "${CC:-cc}" >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || command -v clang >/dev/null 2>&1
}

# Whether the venv holds what scripts/compile.py needs (its missing_tools() says the same at length).
_have_compile_tools() {
    _venv_works && "$VENV_PY" -c '
import importlib.metadata as m, importlib.util as u, sys
try:
    m.version("types-PyYAML")
except m.PackageNotFoundError:
    sys.exit(1)
sys.exit(not (u.find_spec("mypyc") and u.find_spec("setuptools")))' >/dev/null 2>&1
}

harmonies_compile_tools() {
    _have_cc || return 0
    _have_compile_tools && return 0
    harmonies_venv "compile" || _say "could not install what the compile needs (mypy, setuptools, types-PyYAML); the game runs as pure Python."
    return 0
}

harmonies_play_venv() {
    if _have_cc && ! _have_compile_tools; then
        harmonies_venv "compile" && return 0
        _say "could not install what the compile needs (mypy, setuptools, types-PyYAML); the game runs as pure Python."
    fi
    harmonies_venv ""
}

harmonies_compile() {
    "$VENV_PY" "$ROOT/scripts/compile.py" || _say "pure Python build (scripts/compile.py failed)"
    return 0
}

