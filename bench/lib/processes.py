"""The servers a benchmark starts: stopping them, reading their logs and their CPU time, and the machine's
load, shared by the benchmarks that start more than one server."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from scripts import services

REPO = Path(__file__).resolve().parents[2]


def python_module(env: dict[str, str], *args: str) -> str:
    """Run `python -m ARGS` of the project (manage commands, seeds) in `env`; answers its standard output."""
    done = subprocess.run(
        [str(REPO / ".venv/bin/python"), "-m", *args],
        cwd=REPO,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


# Daphne's access log: one line per request and socket event, which would bury the errors in the tail.
ACCESS_LINE = re.compile(r'^\S+:\d+ - - \[[^]]+\] "(WS|GET|POST|PUT|DELETE|HEAD)')


def log_tail(path: Path, lines: int = 40) -> str:
    if not path.exists():
        return f"({path.name}: no log)"
    kept = [line for line in path.read_text(errors="replace").splitlines() if not ACCESS_LINE.match(line)]
    return "\n".join(kept[-lines:]) or "(only access-log lines)"


def stop(process: subprocess.Popen[bytes]) -> None:
    services.stop_process(process, timeout=15)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of one process so far (Linux /proc)."""
    # The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> list[float]:
    """The 1, 5 and 15 minute load averages: on a shared machine they say how busy it was."""
    return [round(value, 2) for value in os.getloadavg()]
