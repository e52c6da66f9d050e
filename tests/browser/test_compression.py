"""The site through a server that compresses in transit as the host does (build.py serve, docs/hosting.md): the
runtime's wasm arrives gzipped, the start is the same, and the start-up bar moves with the bytes as sent, full only
once every download has come (a gzipped answer's Content-Length is its bytes sent, its body the bytes decoded)."""

from __future__ import annotations

from conftest import BOOT_TIMEOUT
from playwright.sync_api import expect

# Every value the start-up bar is given, with when (the page's clock), from the start.
BAR_JS = """window.pyrulesBar = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.target.id === "startup-progress") {
      window.pyrulesBar.push([performance.now(), Number(change.target.getAttribute("value"))]);
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["value"] });
"""


def test_the_wasm_comes_gzipped_and_the_bar_waits_for_its_last_bytes(browser, base_url):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(BAR_JS)
        finished = {}  # file name -> when its last byte came (the browser's timing of it: ms since the epoch)

        def done(request):
            name = request.url.split("/")[-1]
            if name.endswith(".wasm"):
                response = request.response()
                # its end as the browser timed it, not when this test hears of it (seconds late on a busy machine)
                timing = request.timing
                finished[name] = (timing["startTime"] + timing["responseEnd"], response and response.headers)

        page.on("requestfinished", done)
        devtools = context.new_cdp_session(page)
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions",  # about 1.5 MB/s: the downloads take seconds
                      {"offline": False, "latency": 40, "downloadThroughput": 1_500_000, "uploadThroughput": 500_000})
        page.goto(base_url)
        expect(page.locator("body[data-ready=true]")).to_be_visible(timeout=BOOT_TIMEOUT)
        ended, headers = finished["pyodide.asm.wasm"]
        assert headers["content-encoding"] == "gzip", headers
        at = ended - page.evaluate("performance.timeOrigin")  # on the page's clock
        assert 0 < at < page.evaluate("performance.now()"), (ended, at)
        bar = page.evaluate("window.pyrulesBar")
        values = [value for _, value in bar]
        assert values == sorted(values) and values[-1] == 1, bar
        assert len({value for value in values if 0 < value < 0.9}) >= 4, bar  # it moved with the bytes
        # Full for the downloads (0.9, then the stages after them) no earlier than the wasm's last bytes, give or
        # take the browser's two clocks (its network's and the page's).
        downloaded = min(when for when, value in bar if value >= 0.9)
        assert downloaded >= at - 500, (downloaded, at, bar)
    finally:
        context.close()
