# SPDX-License-Identifier: GPL-3.0-or-later
"""A `tavla serve` on an ephemeral loopback port for the tests, and a client that does not go
through any HTTP proxy the environment may name."""
import json
import os
import subprocess
import urllib.error
import urllib.request

_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Server:
    def __init__(self, *args):
        self.bin = os.environ.get("TAVLA_BIN", "tavla")
        self.proc = subprocess.Popen([self.bin, "serve", "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if "listening on " not in line:
            self.proc.kill()
            raise RuntimeError("tavla serve did not start: " + line + self.proc.stderr.read())
        self.url = line.split("listening on ", 1)[1].strip().rstrip("/")
        self.port = int(self.url.rsplit(":", 1)[1])

    def request(self, method, path, body=None, raw=None, timeout=120):
        """(status, parsed JSON body) of a request; body is sent as JSON, raw as given bytes."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with _opener.open(req, timeout=timeout) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def request_text(self, method, path, body=None, timeout=120):
        """(status, body as text) of a request whose answer is not JSON (an HTML page)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with _opener.open(req, timeout=timeout) as r:
                return r.status, r.read().decode("utf-8")
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode("utf-8")

    def open_stream(self, path, timeout=120):
        return _opener.open(self.url + path, timeout=timeout)

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        """Stops the server with SIGTERM; its exit status."""
        self.proc.terminate()
        try:
            return self.proc.wait(timeout=30)
        finally:
            self.proc.stdout.close()
            self.proc.stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.alive():
            self.stop()


def tavla_json(*args):
    """The JSON printed by the tavla program itself, for comparison."""
    out = subprocess.run([os.environ.get("TAVLA_BIN", "tavla"), *args], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)
