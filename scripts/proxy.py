"""nginx in front of Daphne processes, natively (for `scripts/cluster` and the benchmarks): the same server
block as `deploy/nginx.conf` (which compose mounts), with the replicas' loopback ports as its upstream."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from scripts import services

CONFIG = services.REPO / "deploy" / "nginx.conf"


@dataclass
class NginxServer:
    dir: str
    port: int
    process: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        services.stop_process(self.process, how=signal.SIGQUIT)  # graceful: open requests finish
        shutil.rmtree(self.dir, ignore_errors=True)


def render(*, port: int, upstream_ports: list[int], media_root: Path, folder: Path) -> str:
    """deploy/nginx.conf for loopback: its upstream becomes the given ports, it listens on `port`."""
    block = CONFIG.read_text()
    servers = "\n".join(f"    server 127.0.0.1:{p} max_fails=3 fail_timeout=5s;" for p in upstream_ports)
    block, replaced = re.subn(r"^\s*server web:8000[^\n]*;", servers, block, count=1, flags=re.M)
    assert replaced == 1, "deploy/nginx.conf lost its upstream line"
    block = block.replace("listen 80;", f"listen 127.0.0.1:{port} backlog=4096;")
    block = block.replace("alias /srv/media/;", f"alias {media_root}/;")
    temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    return "\n".join([
        "worker_processes 1;",
        "daemon off;",
        f"pid {folder}/nginx.pid;",
        f"error_log {folder}/error.log warn;",
        "events { worker_connections 16384; }",
        "http {",
        "    access_log off;",
        f"    client_body_temp_path {temp['body']};",
        f"    proxy_temp_path {temp['proxy']};",
        f"    fastcgi_temp_path {temp['fastcgi']};",
        f"    uwsgi_temp_path {temp['uwsgi']};",
        f"    scgi_temp_path {temp['scgi']};",
        block,
        "}",
    ])  # fmt: skip


def start_nginx(*, upstream_ports: list[int], media_root: Path, port: int | None = None) -> NginxServer:
    binary = services.system_binary("nginx", "nginx")
    folder = Path(tempfile.mkdtemp(prefix="shop-nginx-"))
    port = port or services.free_port()
    config = folder / "nginx.conf"
    config.write_text(render(port=port, upstream_ports=upstream_ports, media_root=media_root, folder=folder))
    process = subprocess.Popen(
        [binary, "-p", str(folder), "-c", str(config)],
        stdout=(folder / "stdout.log").open("ab"),
        stderr=subprocess.STDOUT,
    )
    server = NginxServer(dir=str(folder), port=port, process=process)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log = (folder / "error.log").read_text() if (folder / "error.log").exists() else ""
            raise RuntimeError(f"nginx exited with {process.returncode}: {log[-2000:]}")
        try:
            services.wait_for_http(f"{server.url}/api/health/live", process=None, timeout=0.5)
            return server
        except TimeoutError:
            continue
    server.stop()
    raise TimeoutError("nginx did not answer within 15 s")
