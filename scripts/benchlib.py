"""What the server benchmarks share (scripts/bench-serve.py, scripts/bench-attacks.py): the
release binaries' place, a process's memory and CPU read from /proc, a home of its own, and the
release server started on a free loopback port and stopped."""

import os
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, "target", "release")
SERVE = os.environ.get("NIM_SERVE_BIN") or os.path.join(RELEASE, "nim-tui-serve")
TICKS = os.sysconf("SC_CLK_TCK")


def proc_field(pid, name):
    """A field of /proc/PID/status in KiB (VmRSS, VmHWM)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(name + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {name}")


def cpu_ticks(pid):
    """The process's user and system time, in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def percentile(values, q):
    values = sorted(values)
    return values[round((len(values) - 1) * q)]


def environment(home, **extra):
    """The environment with `home` as the home and every XDG directory under it, and no log."""
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_STATE_HOME=os.path.join(home, "state"), XDG_CONFIG_HOME=os.path.join(home, "config"),
               **extra)
    env.pop("NIM_TUI_LOG", None)
    return env


def start_server(env, args):
    """The release server with `args` (a free loopback port among them); it, what it said on
    standard error until it was ready, and the seconds from its start to its saying it listens."""
    began = time.perf_counter()
    server = subprocess.Popen([SERVE, *args], env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    said, started = "", None
    while "stop with Ctrl-C" not in said:
        line = server.stderr.readline()
        if not line:
            raise RuntimeError(f"the server did not start: {said}")
        said += line
        if started is None and ("listening on " in line or "open http://" in line):
            started = time.perf_counter() - began
    # Its standard error is read on, so that it never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
    return server, said, started


def stop(server):
    """SIGTERM, then SIGKILL if it is not gone in 15 s."""
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
