"""A real headless Chromium (Debian's ``chromium``) plays hands through the reference
server's web page against two bots, driven over the DevTools protocol: it picks a seat,
joins, and clicks the page's action buttons; what the page shows is checked against the
server's hand log.

``.ci/run`` installs ``chromium`` when it is missing, so in CI this test always runs.
Elsewhere, without a ``chromium`` on PATH, it is skipped with the command to install it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import shutil
import subprocess
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from server_bots import Client, open_ws, read_hand_log, start_server, stop_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and os.environ.get("CI") != "true":
    pytest.skip("needs Debian's chromium (apt-get install chromium); CI installs it", allow_module_level=True)

pytestmark = pytest.mark.slow


class DevTools:
    """The smallest DevTools client: evaluate JavaScript in one page."""

    def __init__(self, ws_url: str) -> None:
        self.ws = open_ws(ws_url, max_size=2**24)
        self.ids = itertools.count(1)

    def js(self, expression: str) -> Any:
        k = next(self.ids)
        self.ws.send(json.dumps({"id": k, "method": "Runtime.evaluate",
                                 "params": {"expression": expression, "returnByValue": True}}))
        while True:
            msg = json.loads(self.ws.recv(timeout=30))
            if msg.get("id") == k:
                result = msg["result"]
                if "exceptionDetails" in result:
                    raise AssertionError(f"page error: {result['exceptionDetails']}")
                return result["result"].get("value")


def _chromium(url: str, profile: Path) -> tuple[subprocess.Popen[bytes], DevTools]:
    log = profile / "chromium.err"
    assert CHROMIUM is not None, "chromium is not installed (apt-get install chromium)"
    with log.open("wb") as err:
        proc = subprocess.Popen([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu",
                                 "--disable-dev-shm-usage", "--no-first-run", "--remote-debugging-port=0",
                                 f"--user-data-dir={profile / 'profile'}", url],
                                stdout=subprocess.DEVNULL, stderr=err)
    end = time.monotonic() + 60
    port = None
    while port is None:
        m = re.search(rb"DevTools listening on ws://127\.0\.0\.1:(\d+)/", log.read_bytes())
        if m:
            port = int(m.group(1))
        elif time.monotonic() > end or proc.poll() is not None:
            proc.kill()
            raise AssertionError(f"chromium did not start: {log.read_bytes()[-2000:]!r}")
        else:
            time.sleep(0.1)
    while True:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as r:
            pages = [t for t in json.load(r) if t["type"] == "page" and t["url"].startswith(url)]
        if pages:
            return proc, DevTools(pages[0]["webSocketDebuggerUrl"])
        if time.monotonic() > end:
            raise AssertionError("chromium opened no page")
        time.sleep(0.1)


_READ_PAGE = """JSON.stringify({
  hand: document.getElementById('hand').textContent,
  buttons: [...document.querySelectorAll('#actions button')].map(b => b.dataset.kind),
  seats: [...document.querySelectorAll('.seat')].map(s => [...s.querySelectorAll('.card[data-card]')]
         .map(c => c.dataset.card)),
  states: [...document.querySelectorAll('.seat')].map(s => (s.querySelector('.state') || {}).textContent),
  status: document.getElementById('status').textContent,
})"""


def test_a_headless_chromium_plays_hands_through_the_page(tmp_path: Path) -> None:
    state = tmp_path / "state"
    proc, port = start_server(state, "--hand-delay", "0.2", "--clock", "20", "--seats", "3")
    url = f"http://127.0.0.1:{port}/"
    bots = [Client(f"ws://127.0.0.1:{port}/ws", 0, seat, seed=seat) for seat in (0, 1)]
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    async def run_bots() -> None:
        await asyncio.gather(*(b.run(stop) for b in bots))

    thread = threading.Thread(target=loop.run_until_complete, args=(run_bots(),), daemon=True)
    thread.start()
    browser, page = _chromium(url, tmp_path)
    seen: dict[str, list[list[str]]] = {}
    clicks = 0
    try:
        end = time.monotonic() + 60
        while not page.js("document.querySelectorAll('#seat option').length"):
            assert time.monotonic() < end, "the page listed no free seat"
            time.sleep(0.1)
        page.js("document.getElementById('name').value = 'chromium';"
                "document.getElementById('seat').value = '2';"
                "document.getElementById('join').click()")
        end = time.monotonic() + 120
        while (clicks < 8 or sum(bool(s[2]) for s in seen.values()) < 4) and time.monotonic() < end:
            shown = json.loads(page.js(_READ_PAGE))
            if len(shown["seats"]) < 3:  # the first update is still on its way
                time.sleep(0.05)
                continue
            if shown["hand"].startswith("hand ") and shown["seats"][2]:
                seen[shown["hand"][5:]] = shown["seats"]
            if shown["states"][2] == "busted":  # buy chips again through the page
                page.js("document.getElementById('amount').value = '200';"
                        "document.getElementById('rebuy').click()")
            for kind in ("check", "call", "fold"):
                if kind in shown["buttons"]:
                    page.js(f"document.querySelector('#actions button[data-kind=\"{kind}\"]').click()")
                    clicks += 1
                    break
            time.sleep(0.05)
        assert clicks >= 8 and len(seen) >= 4, (clicks, seen, shown["status"])
    finally:
        browser.kill()
        browser.wait()
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)
        stop_server(proc)
    hands = read_hand_log(state / "hands-0.jsonl")
    # the page showed the browser's own hole cards as dealt, and no other seat's hidden card
    checked = 0
    for hand_id, seats in seen.items():
        rec = hands.get(hand_id)
        if rec is None:
            continue
        shown = {c for s in rec["result"]["shown"] for c in s["cards"]}
        if seats[2]:
            assert seats[2] == rec["hole"]["2"]
            checked += 1
        for k in (0, 1):
            assert set(seats[k]) <= shown, (hand_id, k, seats[k])
    assert checked >= 3
    # the browser's clicks were real actions of seat 2, seen by the other players
    acted = [e for b in bots for m in b.received if m["type"] == "update" for e in m["events"]
             if e["seat"] == 2 and e["kind"] in ("check", "call", "fold")]
    assert len({e["seq"] for e in acted}) >= 8
