"""Two people and a bot play Merchants of Araby to the end, negotiating on the way.

On phones (375 px wide), two people sign up; the host opens a three-seat table with the
fewest caravan stacks and a bot in the third seat, the guest takes a seat by the invite
link. On the host's first turn the host offers coins and a promise for a product, the
guest counters, the host accepts; the guest posts a standing order and closes the page,
and the host takes the order while its owner is away; the host makes another offer,
announces the end of the turn and ends it. Then everybody plays on, passing where a
caravan's resolution asks, until the coins are revealed.
"""

from __future__ import annotations

import re
import time

from .moves import IDLE, VERSION_CHANGED, open_table_for_two, open_trade_composer
from .test_two_players_journey import sign_up

PHONE = {"width": 375, "height": 812}
MIN_TARGET = 44
# The deals panel's controls that a finger has to hit.
TARGETS = """() => Array.from(document.querySelectorAll(
  '.deals button:not([hidden]), .deals select, .deals summary, .deals input'
)).filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .filter(el => el.type !== 'hidden')
  .map(el => {
    const target = el.matches('input[type=radio]') ? (el.closest('label') || el) : el;
    const box = target.getBoundingClientRect();
    return {what: (el.textContent || el.name || el.tagName).trim().slice(0, 40),
            width: Math.round(box.width), height: Math.round(box.height)};
  })"""
# What a person presses to move the game on, in this order of preference.
ROUTINE = ("pass", "draft", "give", "choose", "end_turn")


def version_of(page) -> str:
    return page.locator("input[name=version]").first.input_value()


def press(page, selector: str) -> None:
    """Press a control that makes a move, and wait until the page shows the next version
    and has its answer."""
    page.wait_for_function(IDLE)
    version = version_of(page)
    page.locator(selector).first.click()
    page.wait_for_function(VERSION_CHANGED, arg=version)
    page.wait_for_function(IDLE)


def open_composer(page):
    return open_trade_composer(page)


def choose_partner(composer, name: str) -> None:
    composer.locator(f"input[name=deal-to][data-name='{name}']").check()


def first_shown(composer, side: str, term: str):
    """The first stepper of ``term`` on ``side`` that the chosen partner can fill."""
    return composer.locator(
        f".deal-side[data-side={side}] .stepper:not([hidden]) select[name^=deal-{side}-{term}-]"
    ).first


def send(page, composer) -> None:
    page.wait_for_function(IDLE)
    version = version_of(page)
    composer.locator(".deal-send").click()
    page.wait_for_function(VERSION_CHANGED, arg=version)
    page.wait_for_function(IDLE)


def check_targets(page) -> None:
    small = [t for t in page.evaluate(TARGETS) if min(t["width"], t["height"]) < MIN_TARGET]
    assert not small, f"deal controls smaller than {MIN_TARGET} px: {small}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def wait_for_turn(pages: dict, timeout: float = 30.0):
    """(name, page) of the person the game waits for; None once the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for name, page in pages.items():
            if page.locator("#result-title").count():
                return None
            if page.locator(".prompt.your-turn").count():
                return name, page
        time.sleep(0.2)
    raise AssertionError("nobody is asked to move, and the game is not over")


def play_routine(page) -> None:
    for kind in ROUTINE:
        selector = f"button[data-action-type={kind}]:not([disabled])"
        if page.locator(selector).count():
            press(page, selector)
            return
    press(page, ".choices button.choice:not([disabled])")


def open_table(amira, bashir, stack) -> str:
    """Amira opens a three-seat table (Bashir and a bot), Bashir takes his seat by the
    invitation; the game's address, on Amira's first turn."""
    choices = {"bot_2": "random", "option_stacks": "4", "option_end_window": "1"}
    url = open_table_for_two(
        amira, bashir, stack, "merchants-of-araby", 3, choices, joined_order=True
    )
    amira.wait_for_selector(".prompt.your-turn")  # joined order: the host begins
    return url


def test_two_people_and_a_bot_negotiate_through_a_game_of_araby(stack, new_page):
    started = time.monotonic()
    amira, bashir = new_page(**PHONE), new_page(**PHONE)
    sign_up(amira, stack, "amira")
    sign_up(bashir, stack, "bashir")

    # The host opens a table for two people and a bot, the fewest stacks, a short window.
    # Personas are dealt at random, and one of them (The Grand Vizier) makes no product:
    # should Bashir be dealt it, Amira cannot ask him for one, so she opens another table.
    for _ in range(6):
        game_url = open_table(amira, bashir, stack)
        composer = open_composer(amira)
        choose_partner(composer, "bashir")
        if first_shown(composer, "get", "products").count():
            break
    else:
        raise AssertionError("Bashir was dealt the persona that makes nothing, six times")

    # Amira offers a coin and a promise for a product Bashir can make.
    check_targets(amira)
    coins = composer.locator(".deal-side[data-side=give] .stepper").filter(
        has=amira.locator("select[name=deal-give-coins-coin]")
    )
    coins.locator(".stepper-step[data-step='1']").click()  # the + button
    assert coins.locator("select").input_value() == "1"
    asked = first_shown(composer, "get", "products")
    asked.select_option("1")
    product = re.sub(r"^deal-get-products-", "", asked.get_attribute("name"))
    composer.locator("input[name=deal-note]").fill("You may invest in my next caravan")
    assert "You offer bashir" in composer.locator("[data-summary]").inner_text()
    send(amira, composer)
    assert amira.locator(".deal-list .deal.mine").count() == 1

    # Bashir sees it, with the promise marked as not enforced, and counters.
    bashir.reload()
    offer = bashir.locator(".deal-list .deal.to-me").first
    assert "promise, not enforced" in offer.inner_text()
    composer = open_composer(bashir)
    check_targets(bashir)
    choose_partner(composer, "amira")
    composer.locator("select[name=deal-answers]").select_option(index=1)
    composer.locator(f"select[name=deal-give-products-{product}]").select_option("1")
    composer.locator("select[name=deal-get-coins-coin]").select_option("2")
    send(bashir, composer)

    # Amira reads the counter-offer linked to her offer, and accepts it.
    amira.reload()
    counter = amira.locator(".deal-list .deal.to-me").first
    assert "counter-offer to offer 1" in counter.inner_text()
    press(amira, ".deal.to-me button[data-action-type=accept]")
    amira.locator(".deal-history summary").click()
    assert "accepted" in amira.locator(".deal-history").inner_text()

    # Bashir posts a standing order — a coin for leave to invest in a caravan — and leaves.
    bashir.reload()
    composer = open_composer(bashir)
    choose_partner(composer, "Anyone (a standing order)")
    composer.locator("select[name=deal-give-coins-coin]").select_option("1")
    composer.locator("select[name=deal-get-permits-invest]").select_option("1")
    send(bashir, composer)
    bashir.goto(stack.url + "/lobby/")  # the owner's page is closed

    # Amira takes it while Bashir is away: the engine carries it out.
    amira.reload()
    standing = amira.locator(".deal-list.deal-standing .deal").first
    assert "Standing order" in standing.inner_text()
    press(amira, ".deal-standing button[data-action-type=accept]")
    assert "Take" not in (amira.locator(".deal-list.deal-standing").all_inner_texts() or [""])[0]

    # Another offer, then the end of the turn announced, then ended at once.
    composer = open_composer(amira)
    choose_partner(composer, "bashir")
    composer.locator("select[name=deal-give-coins-coin]").select_option("1")
    send(amira, composer)
    press(amira, "button[data-action-type=announce_end]")
    assert "announced the end of your turn" in amira.locator(".prompt").inner_text()
    press(amira, "button[data-action-type=end_turn]")

    # Bashir comes back: the history tells him his order was taken.
    bashir.goto(game_url)
    bashir.locator(".deal-history summary").click()
    assert "amira accepted bashir's offer" in bashir.locator(".deal-history").inner_text()

    # Everybody plays on to the end; the bot moves by itself.
    pages = {"amira": amira, "bashir": bashir}
    for _ in range(200):
        found = wait_for_turn(pages)
        if found is None:
            break
        play_routine(found[1])
    else:
        raise AssertionError("the game did not end")
    for page in pages.values():
        page.reload()
        assert page.locator("#result-title").count()
    assert time.monotonic() - started < 240
