"""The site served as production serves it (`python3 build.py serve`, the tests' and the bench's server): the
production headers (HEADERS, CSP: netlify.toml sends the same, tests/browser/test_site.py checks that they agree),
the types (MIME), compression in transit where the host compresses (accepts_gzip), immutable caching of the
runtime's files, and no folder listings."""

from __future__ import annotations

import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path

from tools.paths import log

# One Content-Security-Policy for `serve` and for netlify.toml (a test checks that they agree).
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; style-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
PERMISSIONS = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    # Nothing of the device is used: no camera, microphone, location, sensors, payment or USB, for the page or a frame.
    "Permissions-Policy": PERMISSIONS,
}
MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".whl": "application/zip",
    ".gz": "application/gzip",
    ".json": "application/json",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
}

# What the host compresses in transit (docs/hosting.md): text and the runtime's wasm, by their Content-Type. The
# snapshot and the rules' pack (.gz), the standard library (.zip, deflated) and the icons (.png) are compressed
# already and go as they are.
ENCODED_TYPES = ("text/", "application/javascript", "application/json", "application/manifest+json",
                 "application/wasm", "image/svg+xml")  # fmt: skip
GZIP_LEVEL = 6  # pyodide.asm.wasm: 9.6 MB to 3.5 MB in half a second, once per server process


def accepts_gzip(header: str | None) -> bool:
    """Whether an Accept-Encoding header allows gzip (RFC 9110 12.5.3: by name or by `*`, unless its q is 0)."""
    weights = {}
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        weights[name.strip().lower()] = q
    return weights.get("gzip", weights.get("x-gzip", weights.get("*", 0.0))) > 0


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    # Each file's gzipped body, made once: path -> (its mtime and size when gzipped, the body).
    gzipped: dict[str, tuple[tuple[int, int], bytes]] = {}
    gzipping = threading.Lock()
    encodable = False  # this answer's type is one the host compresses
    encoded: bytes | None = None  # this answer's gzipped body, when the request accepts it
    status = 0

    def parse_request(self):
        self.encodable, self.encoded, self.status = False, None, 0  # a connection's next request starts afresh
        return super().parse_request()

    def send_head(self):
        """The file as SimpleHTTPRequestHandler answers it, gzipped in transit where the host would gzip it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        self.encodable = self.guess_type(path).startswith(ENCODED_TYPES) and os.path.isfile(path)
        if self.encodable and accepts_gzip(self.headers.get("Accept-Encoding")):
            self.encoded = self.gzip(path)
        source = super().send_head()
        if source is None or self.encoded is None or self.status != http.HTTPStatus.OK:
            return source
        source.close()
        return io.BytesIO(self.encoded)

    @classmethod
    def gzip(cls, path: str) -> bytes:
        stat = os.stat(path)
        version = (stat.st_mtime_ns, stat.st_size)
        with cls.gzipping:  # one thread gzips a file; the others wait for its body
            known = cls.gzipped.get(path)
            if known is None or known[0] != version:
                with open(path, "rb") as source:
                    known = cls.gzipped[path] = (version, gzip.compress(source.read(), GZIP_LEVEL, mtime=0))
        return known[1]

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if self.encoded is not None and self.status == http.HTTPStatus.OK and keyword.lower() == "content-length":
            super().send_header("Content-Encoding", "gzip")
            value = str(len(self.encoded))
        super().send_header(keyword, value)

    def end_headers(self):
        for key, value in HEADERS.items():
            self.send_header(key, value)
        if self.encodable:  # a cache keeps the answer per encoding asked
            self.send_header("Vary", "Accept-Encoding")
        # Pyodide's runtime files are immutable: their path names the runtime's version. The app's own files
        # revalidate.
        if self.path.startswith("/pyodide/"):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def list_directory(self, path):
        """A folder without index.html is not found, as production answers it: never a listing of its files."""
        self.send_error(http.HTTPStatus.NOT_FOUND, "File not found")
        return None

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        if os.environ.get("PYRULES_SERVE_LOG"):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A download the browser gave up (the start-up snapshot judged too slow, a page left) is no error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, handler: type[Handler] = Handler) -> http.server.ThreadingHTTPServer:
    """`directory` served as production serves it; `handler`: Handler or a subclass (the benchmark's counts bytes)."""
    served = lambda *a, **k: handler(*a, directory=str(directory), **k)  # noqa: E731
    return Server(("127.0.0.1", port), served)


def serve(directory: Path, port: int) -> None:
    """`directory` served on `port` until Ctrl+C."""
    server = make_server(directory, port)
    log(f"serving {directory.name}/ on http://localhost:{server.server_address[1]}/  (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
