"""axe-core finds no violation on the pages a player meets, game pages of every title
included: on my turn, while waiting, with an offer open, deep into a game (every few of my
steps against the computers, and a costly move's confirmation), after the game and in its
replay, the site's own pages for a guest and for a signed-in player, the account pages
from signing up to signing out, a table from its form to its invitation, and the pages of
a missing page and of a server error."""

from __future__ import annotations

import random
import re

import pytest

from games.engine import registry

from .axe import describe, violations
from .moves import CHOICE, IDLE, open_table_for_two, open_trade_composer, play_against_computer
from .stack import text_body
from .test_two_players_journey import PASSWORD, seat_to_move, sign_up


def _clean(page, where: str) -> None:
    found = violations(page)
    assert not found, f"{where} ({page.url}):\n{describe(found)}"


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_game_of_every_title_has_no_accessibility_violations(stack, new_page, slug):
    page = new_page(1280, 900)
    sign_up(page, stack, "axe" + re.sub(r"[^a-z]", "", slug))
    play_against_computer(page, stack, registry.get(slug).name)
    page.wait_for_selector(".prompt.your-turn", timeout=30_000)
    _clean(page, f"{slug}: my turn")
    page.get_by_role("link", name="Rules", exact=True).click()  # beside the board
    page.wait_for_selector("#rules-panel-body #rules-body")
    assert page.evaluate("() => document.activeElement.id") == "rules-panel-title"
    _clean(page, f"{slug}: the rules open beside the board")
    page.keyboard.press("Escape")
    assert page.locator("#rules-panel").is_hidden()
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Rules"
    page.get_by_text("Resign", exact=True).click()
    page.get_by_role("button", name="Resign for good").click()
    page.wait_for_selector("section.result")
    _clean(page, f"{slug}: finished")
    page.get_by_role("link", name="Replay").click()
    page.wait_for_url(re.compile(r"/replay\?move=0$"))
    _clean(page, f"{slug}: replay")


# The page answered a pressed choice: a new version, or a costly move asks to be confirmed.
ANSWERED = """v => { const i = document.querySelector('input[name=version]');
  return !i || i.value !== v || !!document.querySelector('.confirm-move'); }"""


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_boards_stay_free_of_violations_deep_into_a_game(stack, new_page, slug):
    """A board's rarer states (more pieces out, marks of what changed, later phases, the
    confirmation of a costly move) meet axe too: my choices are picked at random from a
    fixed seed (the game's own dice and deals differ each run), and the page is checked
    every fourth of my steps."""
    page = new_page(1280, 900)
    sign_up(page, stack, "axedeep" + re.sub(r"[^a-z]", "", slug))
    play_against_computer(page, stack, registry.get(slug).name)
    picks = random.Random(slug)
    checked = 0
    for step in range(48):
        page.wait_for_selector(".prompt.your-turn, section.result", timeout=30_000)
        page.wait_for_function(IDLE)
        if page.locator("section.result").count():
            _clean(page, f"{slug}: the game over after step {step}")
            break
        version = page.locator("input[name=version]").first.input_value()
        if page.locator(".confirm-move").count():
            _clean(page, f"{slug}: a costly move to confirm")
            page.locator(".confirm-move button").click()
        else:
            if step % 4 == 3:
                _clean(page, f"{slug}: my step {step}")
                checked += 1
            choices = page.locator(CHOICE)
            if not choices.count():
                continue  # swapped under us: look again
            choices.nth(picks.randrange(choices.count())).click()
        page.wait_for_function(ANSWERED, arg=version)
    assert checked >= 3


def test_the_site_pages_have_no_accessibility_violations(stack, new_page):
    guest = new_page(1280, 900)
    for path in ("/", "/lobby/", "/accounts/login/", "/accounts/signup/", "/fair-dice/"):
        guest.goto(stack.url + path)
        _clean(guest, f"{path} for a guest")
    page = new_page(1280, 900)
    sign_up(page, stack, "axepages")
    paths = [
        "/",
        "/lobby/",
        "/games/",
        "/games/new/",
        "/archive/",
        "/me/settings/",
        "/players/axepages/",
    ]
    for slug in registry.slugs():
        paths += [f"/rules/{slug}/", f"/ratings/{slug}/"]
    for path in paths:
        page.goto(stack.url + path)
        _clean(page, path)


def test_waiting_for_the_other_player_and_an_open_offer_have_no_violations(stack, new_page):
    ana, bo = new_page(1280, 900), new_page(390, 844)
    sign_up(ana, stack, "axeana")
    sign_up(bo, stack, "axebo")
    open_table_for_two(ana, bo, stack)
    mover = seat_to_move([ana, bo])
    waiter = bo if mover is ana else ana
    waiter.reload()
    _clean(waiter, "waiting for the other player")

    composer = mover.locator(".deals details.deal-form")
    assert composer.count(), "Silk Road offers a trade composer on your turn"
    open_trade_composer(mover)
    _clean(mover, "the trade composer open")
    give = mover.locator(".deal-side[data-side=give] .stepper").first
    give.get_by_role("button", name=re.compile(r"^One more ")).click()
    mover.locator(".deal-send").click()
    mover.wait_for_selector(".deal-list .deal.mine")
    _clean(mover, "my offer open")
    waiter.reload()
    waiter.wait_for_selector(".deal-list .deal.to-me")
    _clean(waiter, "an offer to me open")


def test_the_account_pages_have_no_accessibility_violations(stack, new_page):
    """Every page of signing up, confirming, signing in, resetting and signing out."""
    page = new_page(1280, 900)
    address = "axeaccount@example.com"
    page.goto(stack.url + "/accounts/signup/")
    page.fill("input[name=email]", address)
    page.fill("input[name=username]", "axeaccount")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    _clean(page, "confirm your email")
    mail = stack.wait_for_mail(address, "Confirm")
    page.goto(re.search(r"https?://\S+/accounts/confirm-email/\S+", text_body(mail)).group(0))
    _clean(page, "the email confirmation from the mail's link")
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_load_state()
    page.goto(stack.url + "/me/settings/")
    _clean(page, "account settings")
    page.goto(stack.url + "/accounts/logout/")
    _clean(page, "sign out")
    page.get_by_role("main").get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()

    page.goto(stack.url + "/accounts/login/")
    page.fill("input[name=login]", "axeaccount")
    page.fill("input[name=password]", "not-the-password")
    page.get_by_role("main").get_by_role("button", name="Sign in").click()
    page.wait_for_selector(".errorlist, .alert")
    _clean(page, "sign in, refused")
    page.goto(stack.url + "/accounts/signup/")
    page.get_by_role("button", name="Sign up").click()  # nothing filled in: every error
    _clean(page, "sign up, refused")
    page.goto(stack.url + "/accounts/password/reset/")
    _clean(page, "password reset")
    page.fill("input[name=email]", address)
    page.get_by_role("button", name=re.compile("reset", re.I)).click()
    page.wait_for_url(re.compile(r"/accounts/password/reset/done/$"))
    _clean(page, "password reset sent")


def test_the_table_and_error_pages_have_no_accessibility_violations(stack, new_page):
    """The new-table form, an open table as its host and as an invited guest sees it,
    and the pages of a missing page and of a server error."""
    host, guest = new_page(1280, 900), new_page(390, 844)
    sign_up(host, stack, "axehost")
    sign_up(guest, stack, "axeguest")
    for slug in registry.slugs():
        host.goto(stack.url + f"/games/new/?game={slug}")
        _clean(host, f"the new-table form of {slug}")
    host.goto(stack.url + "/games/new/?game=silk-road")
    host.get_by_role("button", name="Open the table").click()
    host.wait_for_selector("#invite-url")
    _clean(host, "an open table, its host waiting")
    guest.goto(host.input_value("#invite-url"))
    guest.get_by_role("button", name="Take a seat").wait_for()
    _clean(guest, "the invitation, before taking a seat")

    # The stack runs with DEBUG (Django's own debug pages), so the site's error pages are
    # rendered here by Django's default handlers, as production serves them, and shown at
    # the stack's address, where their stylesheet is.
    for path, status, heading in (
        ("/no-such-page/", 404, "Nothing here"),
        ("/failing-page/", 500, "Something went wrong"),
    ):
        guest.route(stack.url + path, _serve(status, _error_page(status)))
        guest.goto(stack.url + path)
        guest.get_by_role("heading", name=heading).wait_for()
        _clean(guest, f"the {status} page")


def _serve(status: int, html: str):
    def handler(route):
        route.fulfill(status=status, content_type="text/html; charset=utf-8", body=html)

    return handler


def _error_page(status: int) -> str:
    from django.contrib.auth.models import AnonymousUser
    from django.http import Http404
    from django.test import RequestFactory
    from django.views import defaults

    request = RequestFactory().get("/no-such-page/")
    request.user = AnonymousUser()
    if status == 404:
        response = defaults.page_not_found(request, Http404())
    else:
        response = defaults.server_error(request)
    assert response.status_code == status
    return response.content.decode()
