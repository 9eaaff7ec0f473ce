"""Hosted games between real processes on 127.0.0.1: ``harmonies serve`` and ``harmonies join --bot``.

Each test bounds every process in time and kills what is left (procs.stopping)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from procs import join, serve, stopping, wait_for_commands

pytestmark = pytest.mark.slow

SEATS = ("--seats", "remote,remote,random", "--spirits")


def _scores(line: dict[str, Any]) -> list[int]:
    return [s["total"] for s in line["scores"]]


def _replayed_totals(path: str) -> list[int]:
    run = subprocess.run([sys.executable, "-m", "harmonies", "replay", path], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    return [s["total"] for s in json.loads(run.stdout.splitlines()[0])["scores"]]


def test_a_three_seat_game_with_two_bot_clients_completes_and_its_archive_replays(tmp_path: Path) -> None:
    with stopping() as procs:
        host, first = serve(procs, tmp_path, *SEATS, "--seed", "4242")
        assert first["code"] and first["port"] > 0 and not first["resumed"]
        a = join(procs, first["port"], first["code"], "--bot", "random", "--name", "Ann",
                 "--data-dir", str(tmp_path / "ann"))
        b = join(procs, first["port"], first["code"], "--bot", "easy", "--name", "Bob")
        assert host.finish() == 0 and a.finish() == 0 and b.finish() == 0
        last = json.loads(host.rest()[-1])
        totals = _scores(last)
        assert len(totals) == 3
        ann = json.loads(a.rest()[-1])
        assert _scores(ann) == totals == _scores(json.loads(b.rest()[-1]))
        assert sorted(last["names"][:2]) == ["Ann", "Bob"]
        assert _replayed_totals(last["archive"]) == totals
        assert "net" not in json.loads(Path(last["archive"]).read_text(encoding="utf-8"))["meta"]  # no code, no tokens
        assert _replayed_totals(ann["archive"]) == totals  # the client's own copy, among its finished games


def test_a_wrong_code_is_refused_in_one_line(tmp_path: Path) -> None:
    with stopping() as procs:
        _, first = serve(procs, tmp_path, *SEATS)
        wrong = join(procs, first["port"], "00000-00000")
        assert wrong.finish(30) != 0
        assert len(wrong.err) == 1 and "code" in wrong.err[0]


def test_an_unreachable_host_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, never listening: nobody answers there
        with stopping() as procs:
            nobody = join(procs, port, "00000-00000")
            assert nobody.finish(30) != 0
            assert len(nobody.err) == 1 and "cannot reach" in nobody.err[0]


def test_junk_and_a_silent_half_open_socket_do_not_stop_the_game(tmp_path: Path) -> None:
    with stopping() as procs:
        host, first = serve(procs, tmp_path, *SEATS)
        port = first["port"]
        silent = socket.create_connection(("127.0.0.1", port))
        junk = socket.create_connection(("127.0.0.1", port))
        try:
            try:
                junk.sendall(b"\x00\xffjunk" * (1 << 18))  # about 1.5 MB, no line end
            except OSError:
                pass  # the host closed it once the line passed its bound
            a = join(procs, port, first["code"], "--bot", "random")
            b = join(procs, port, first["code"], "--bot", "random")
            assert host.finish() == 0 and a.finish() == 0 and b.finish() == 0
        finally:
            silent.close()
            junk.close()
        assert len(_scores(json.loads(host.rest()[-1]))) == 3


def test_a_client_killed_mid_game_is_replaced_by_a_new_one_with_the_code(tmp_path: Path) -> None:
    with stopping() as procs:
        host, first = serve(procs, tmp_path, *SEATS)
        port, code = first["port"], first["code"]
        a = join(procs, port, code, "--bot", "easy", "--name", "Ann")
        b = join(procs, port, code, "--bot", "easy", "--name", "Bob")
        wait_for_commands(tmp_path, 20)
        a.popen.kill()  # SIGKILL: nothing is said to the host
        a.popen.wait(10)
        again = join(procs, port, code, "--bot", "easy", "--name", "Ann again")
        assert host.finish() == 0 and again.finish() == 0 and b.finish() == 0
        assert "Ann again" in json.loads(host.rest()[-1])["names"]


def test_the_host_killed_mid_game_resumes_with_serve_and_the_clients_rejoin(tmp_path: Path) -> None:
    with stopping() as procs:
        host, first = serve(procs, tmp_path, *SEATS)
        port, code = first["port"], first["code"]
        a = join(procs, port, code, "--bot", "easy")
        b = join(procs, port, code, "--bot", "easy")
        before = wait_for_commands(tmp_path, 20)
        host.popen.kill()
        host.popen.wait(10)
        time.sleep(0.5)
        again, resumed = serve(procs, tmp_path, "--port", str(port))
        assert resumed["resumed"] and resumed["code"] == code and resumed["port"] == port
        assert again.finish() == 0 and a.finish() == 0 and b.finish() == 0
        last = json.loads(again.rest()[-1])
        assert _scores(json.loads(a.rest()[-1])) == _scores(last)
        assert _replayed_totals(last["archive"]) == _scores(last)
        assert before >= 20
