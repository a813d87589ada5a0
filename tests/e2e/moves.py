"""Steps the browser journeys share: open a table for two, play the first choice offered."""

from __future__ import annotations

import re

# The version the page shows: the one its poll asks about ("?v=active-12-3").
SHOWN = """(() => {
  const poll = document.querySelector('#poll');
  const url = poll && poll.getAttribute('hx-get');
  const key = url && new URL(url, location.href).searchParams.get('v');
  return key ? Number(key.split('-')[1]) : null;
})()"""
# A choice that can be pressed now: one whose form is not waiting for its answer.
CHOICE = ".choices button.choice:not([disabled])"
VERSION_CHANGED = (
    "v => { const i = document.querySelector('input[name=version]'); return !i || i.value !== v; }"
)
# No answer awaited: no button waits for its request, no HTMX request is in flight. The
# version can change under a page before its own answer lands (a bot acting on someone
# else's turn), so a step is over only when the page is also idle.
IDLE = "() => !document.querySelector('button[aria-busy], .htmx-request')"


def open_table_for_two(
    host,
    guest,
    stack,
    slug: str = "silk-road",
    players: int = 2,
    choices: dict[str, str] | None = None,
    joined_order: bool = False,
) -> str:
    """``host`` opens a table for two people (any further seats set to bots in
    ``choices``, the form's select name → value, as are the game's options), ``guest``
    takes the other seat by the invite link; both pages end on the game. With
    ``joined_order`` the seats follow the order of joining: the host begins. The game's
    address."""
    host.goto(stack.url + f"/games/new/?game={slug}")
    host.select_option("select[name=players]", str(players))
    if joined_order:
        host.check("input[name=seat_order][value=joined]")
    for name, value in (choices or {}).items():
        host.select_option(f"select[name={name}]", value)
    host.get_by_role("button", name="Open the table").click()
    host.wait_for_load_state()
    invite_url = host.input_value("#invite-url")
    game_url = host.url
    guest.goto(invite_url)
    guest.get_by_role("button", name="Take a seat").click()
    guest.wait_for_selector(".prompt")
    host.goto(game_url)
    host.wait_for_selector(".prompt")
    return game_url


def play_first_choice(page) -> None:
    """Press the first choice button and wait until the page shows the next version."""
    page.wait_for_function(IDLE)
    version = page.locator("input[name=version]").first.input_value()
    page.locator(CHOICE).first.click()
    page.wait_for_function(VERSION_CHANGED, arg=version)
    page.wait_for_function(IDLE)


def hand_over_the_turn(mover, tries: int = 20) -> None:
    """Play first choices until the turn leaves ``mover``."""
    for _ in range(tries):
        play_first_choice(mover)
        if not mover.locator(".prompt.your-turn").count():
            return
    raise AssertionError("the turn never passed")


def play_against_computer(
    page, stack, game_name: str, *, opponents: str | None = None, level: str | None = None
) -> int:
    """From the home page, start ``game_name`` against the computer (``opponents`` of them,
    at ``level``: the card's defaults when None) and land on the game; its id."""
    page.goto(stack.url + "/")
    card = page.locator(".game-card").filter(
        has=page.get_by_role("heading", name=game_name, exact=True)
    )
    if opponents is not None:
        card.locator("select[name=opponents]").select_option(opponents)
    if level is not None:
        card.get_by_label("Opponents").select_option(level)
    card.get_by_role("button", name="Play against the computer").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    return int(re.search(r"/games/(\d+)/$", page.url).group(1))


def wait_until_current(page, stack, game_id: int) -> None:
    """Wait until the page shows the game's latest version and waits for no answer: a
    computer's steps that were still arriving when the player's turn showed would swap
    the board under what the test does next."""
    url = f"{stack.url}/games/{game_id}/version"  # its JSON: the version this seat sees
    for _ in range(20):
        page.wait_for_function(IDLE)
        latest = page.request.get(url).json()["version"]
        if page.evaluate(SHOWN) == latest:
            return
        # At least that version: a later step may land meanwhile (checked again above).
        page.wait_for_function(f"v => {SHOWN} >= v", arg=latest, timeout=10_000)
    raise AssertionError("the page never caught up with the game")


def open_trade_composer(page):
    """The deals panel's trade composer, opened: it is loaded when first opened, and ready
    once its script has shown the − / + buttons."""
    composer = page.locator(".deals details.deal-form")
    if composer.get_attribute("open") is None:
        composer.locator("summary").click()
    page.wait_for_selector("form[data-composer] .stepper-step:not([hidden])")
    return composer
