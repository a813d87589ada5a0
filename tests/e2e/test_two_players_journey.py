"""Two people sign up, open a Silk Road table, join by the invite link and play turns.

The whole stack runs for real: the web server, a Celery worker on Redis, mail to files.
"""

from __future__ import annotations

import re
import time

from .moves import open_table_for_two, play_first_choice
from .stack import text_body

PASSWORD = "caravan-of-tea-42"


def sign_up(page, stack, username: str) -> None:
    address = f"{username}@example.com"
    page.goto(stack.url + "/accounts/signup/")
    page.fill("input[name=email]", address)
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_load_state()
    if page.url.endswith("/accounts/signup/"):  # refused: say why, not "no mail"
        errors = page.locator(".errorlist, .alert").all_inner_texts()
        raise AssertionError(f"the sign-up of {username} was refused: {errors}")
    mail = stack.wait_for_mail(address, "Confirm")
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", text_body(mail)).group(0)
    page.goto(link)
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_load_state()


def seat_to_move(pages):
    """The page of whoever the game waits for, after both have caught up."""
    for page in pages:
        page.reload()
    for page in pages:
        if page.locator(".prompt.your-turn").count():
            return page
    raise AssertionError("nobody is asked to move")


def test_two_people_sign_up_and_play_silk_road_with_turn_mail(stack, new_page):
    ana, bo = new_page(), new_page()
    sign_up(ana, stack, "ana")
    sign_up(bo, stack, "bo")

    game_url = open_table_for_two(ana, bo, stack)

    # Play until the turn has passed from one player to the other and back.
    names = {id(ana): "ana", id(bo): "bo"}
    turns = []
    for _ in range(60):
        mover = seat_to_move([ana, bo])
        if not turns or turns[-1] != names[id(mover)]:
            turns.append(names[id(mover)])
        if len(turns) >= 3:
            break
        play_first_choice(mover)
    assert len(turns) >= 3, f"turns went {turns}"

    # Both had the game open the whole time: the page showed each turn, so no turn mail.
    time.sleep(2)
    ours = ("ana@example.com", "bo@example.com")
    sent = [(str(m["To"]), str(m["Subject"])) for m in stack.messages()]
    assert not [m for m in sent if m[0] in ours and "Your move" in m[1]], sent

    # Whoever waits closes the page; when the turn reaches them, the worker mails them.
    mover = seat_to_move([ana, bo])
    waiter = bo if mover is ana else ana
    waiting_name = names[id(waiter)]
    waiter.goto(stack.url + "/lobby/")
    time.sleep(3)  # past the time a closed page still counts as open (2 s here)
    for _ in range(30):
        if not mover.locator(".prompt.your-turn").count():
            break
        play_first_choice(mover)
        mover.reload()
    mail = stack.wait_for_mail(f"{waiting_name}@example.com", "Your move")
    body = text_body(mail)
    assert game_url.split("://", 1)[1] in body or game_url in body
    assert mail["List-Unsubscribe"] and mail["List-Unsubscribe-Post"]

    # The log tells the story in words, and nobody sees the other's hand.
    ana.goto(game_url)
    assert ana.locator(".log-lines li").count() > 3
