"""``python3 build.py serve`` (the tests' and the bench's server) compresses in transit as the host does
(docs/hosting.md): gzip for text and wasm when the request accepts it, with the gzipped body's length, over one
kept-alive connection; files compressed already go as they are."""

from __future__ import annotations

import gzip
import http.client
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build.py and sockets are not in Pyodide")


@pytest.fixture
def site(tmp_path):
    sys.path.insert(0, str(ROOT))
    from tools.server import make_server

    (tmp_path / "index.html").write_text("<p>the app</p>" * 100, encoding="utf-8")
    (tmp_path / "runtime.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 50)
    (tmp_path / "snapshot.gz").write_bytes(gzip.compress(b"memory" * 100))
    (tmp_path / "library.zip").write_bytes(b"PK" + b"z" * 500)
    server = make_server(tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    server.shutdown()
    server.server_close()


def get(connection, path, encoding):
    connection.request("GET", path, headers={"Accept-Encoding": encoding} if encoding else {})
    answer = connection.getresponse()
    return answer, answer.read()


def test_text_and_wasm_are_gzipped_when_accepted_on_one_connection(site):
    folder, connection = site
    for path, name in (("/", "index.html"), ("/runtime.wasm", "runtime.wasm"), ("/runtime.wasm", "runtime.wasm")):
        answer, body = get(connection, path, "gzip, deflate, br")
        assert answer.status == 200 and answer.getheader("Content-Encoding") == "gzip"
        assert answer.getheader("Vary") == "Accept-Encoding"
        assert int(answer.getheader("Content-Length")) == len(body)  # the next request reads its own answer
        assert gzip.decompress(body) == (folder / name).read_bytes()
    assert answer.getheader("Content-Type") == "application/wasm"


def test_nothing_is_gzipped_unasked_or_refused_nor_what_is_compressed_already(site):
    folder, connection = site
    for encoding in ("", "identity", "gzip;q=0, br", "br, *;q=0"):
        answer, body = get(connection, "/runtime.wasm", encoding)
        assert answer.getheader("Content-Encoding") is None and body == (folder / "runtime.wasm").read_bytes()
        assert answer.getheader("Vary") == "Accept-Encoding"
    for name in ("snapshot.gz", "library.zip"):
        answer, body = get(connection, "/" + name, "gzip")
        assert answer.getheader("Content-Encoding") is None and body == (folder / name).read_bytes()
    answer, body = get(connection, "/missing.js", "gzip")
    assert answer.status == 404 and answer.getheader("Content-Encoding") is None


def test_a_changed_file_is_gzipped_again(site):
    folder, connection = site
    _, before = get(connection, "/", "gzip")
    (folder / "index.html").write_text("<p>a new deployment</p>", encoding="utf-8")
    _, after = get(connection, "/", "gzip")
    assert gzip.decompress(after) == b"<p>a new deployment</p>" != gzip.decompress(before)
