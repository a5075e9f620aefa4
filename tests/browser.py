"""What every browser test shares: Chromium, a watch on what its pages complain about,
the accessibility check, and screenshots.

Every context a test opens through the `browser` fixture is watched: a console
error, an uncaught exception, a request that failed or was answered with an
error fails the test at its end, unless the test said it expects that very one
(`browser.watch.expect(...)`, for a test that sends a bad file on purpose).
`accessibility_problems(page)` runs axe-core (the copy inside
axe-playwright-python) on the page as it is and lists its serious and critical
violations; `shot(page, name)`, which every browser test takes of each page it
shows, runs it too, and what it finds fails the test the same way.
"""

from __future__ import annotations

import re
import shutil
import weakref
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Request, Response, expect

# The machines these tests run on are shared and busy: a page's answer that takes 0.3 s
# on a quiet one has taken over 5 s (Playwright's default wait) under a full run. What a
# test waits for is that the page comes to show it, not how fast: wait longer.
expect.set_options(timeout=20_000)

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESK = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def chromium_path() -> str | None:
    """Debian's chromium when installed, else Playwright's own."""
    return shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    )


def _ours(url: str) -> bool:
    # The browser's own PDF viewer loads chrome:// parts that fail in a headless browser.
    return url.startswith(("http://", "https://"))


class Watch:
    """What the pages of one test complained about."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.expected: list[re.Pattern] = []

    def expect(self, pattern: str) -> None:
        """A complaint this test causes on purpose (a regular expression on its text)."""
        self.expected.append(re.compile(pattern))

    def unexpected(self) -> list[str]:
        return [p for p in self.problems if not any(e.search(p) for e in self.expected)]

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and _ours(message.location.get("url") or "http://"):
            self.problems.append(f"console error ({message.location.get('url')}): {message.text}")

    def on_page_error(self, error) -> None:
        self.problems.append(f"uncaught exception: {error}")

    def on_request_failed(self, request: Request) -> None:
        # A page left while a request was under way (a link followed during a poll, a
        # download handed to the browser) aborts it: nothing failed.
        if _ours(request.url) and request.failure != "net::ERR_ABORTED":
            self.problems.append(
                f"request failed: {request.method} {request.url}: {request.failure}"
            )

    def on_response(self, response: Response) -> None:
        if response.status >= 400 and _ours(response.url):
            method = response.request.method
            self.problems.append(f"answered {response.status}: {method} {response.url}")


class WatchedBrowser:
    """The browser, whose every new context reports to the current test's watch."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.watch = Watch()

    def new_context(self, **options) -> BrowserContext:
        context = self.browser.new_context(**options)
        context.on("console", lambda message: self.watch.on_console(message))
        context.on("weberror", lambda error: self.watch.on_page_error(error.error))
        context.on("requestfailed", lambda request: self.watch.on_request_failed(request))
        context.on("response", lambda response: self.watch.on_response(response))
        _WATCHES[context] = self.watch
        return context

    def close(self) -> None:
        self.browser.close()


_AXE = Axe()
# Each open context's watch, for the accessibility check `shot` runs.
_WATCHES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def accessibility_problems(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, in words."""
    results = _AXE.run(page).response
    return [
        f"{page.url}: {violation['id']} ({violation['impact']}): {violation['help']} — "
        + "; ".join(node["target"][0] for node in violation["nodes"][:5])
        for violation in results["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def shot(page, name: str) -> None:
    """A screenshot of the page, after axe-core's check of it (its findings fail the test)."""
    watch = _WATCHES.get(page.context)
    if watch is not None:
        watch.problems.extend(f"accessibility: {p}" for p in accessibility_problems(page))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
