"""axe-core in the browser tests: the accessibility rules checked on a page as it stands.

axe-core is the npm package of ``package.json`` (``npm ci`` installs it), loaded from the
project's own ``node_modules``, never from a CDN.
"""

from __future__ import annotations

import os

import pytest

from .stack import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# WCAG 2.1 A and AA, plus axe's best practices (landmarks, headings, scrollable regions).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def violations(page) -> list[dict]:
    """axe's violations on ``page`` now: rule id, impact, a few offending elements."""
    if not AXE.exists():
        message = f"axe-core is not installed ({AXE}): run npm ci"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    if not page.evaluate("() => !!window.axe"):
        # Evaluated over the devtools protocol: the site's CSP (script-src 'self') rightly
        # refuses an injected <script>, and the test must not loosen it.
        page.evaluate("() => {\n" + AXE.read_text() + "\n}")
    found = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
        ".then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)})))",
        TAGS,
    )
    return found


def describe(found: list[dict]) -> str:
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in found
    )
