"""``python3 build.py serve`` answers as production does: a file, or 404 for a folder without index.html (never a
listing of its files)."""

from __future__ import annotations

import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build.py and sockets are not in Pyodide")


def fetch(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def test_a_folder_without_index_html_is_not_found_and_never_listed(tmp_path):
    sys.path.insert(0, str(ROOT))
    from tools.server import make_server

    (tmp_path / "index.html").write_text("<p>the app</p>", encoding="utf-8")
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "ru.json").write_text("{}", encoding="utf-8")
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "index.html").write_text("<p>a book</p>", encoding="utf-8")
    server = make_server(tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        assert fetch(port, "/") == (200, "<p>the app</p>")
        assert fetch(port, "/book/") == (200, "<p>a book</p>")
        assert fetch(port, "/locales/ru.json") == (200, "{}")
        for folder in ("/locales/", "/locales"):  # the second is sent on to the first, then not found
            status, body = fetch(port, folder)
            assert status == 404 and "ru.json" not in body
    finally:
        server.shutdown()
        server.server_close()
