"""A friend invited by link signs up, confirms their address, comes back to the table and
takes the seat."""

from __future__ import annotations

import re

from .test_two_players_journey import PASSWORD, sign_up, text_body


def test_a_friend_signs_up_from_the_invitation_and_ends_seated(stack, new_page):
    host, friend = new_page(), new_page()
    sign_up(host, stack, "eve")
    host.goto(stack.url + "/games/new/?game=samarkand")
    host.select_option("select[name=players]", "2")
    host.get_by_label("List it in the lobby").uncheck()  # a private table: the link only
    host.get_by_role("button", name="Open the table").click()
    host.wait_for_load_state()
    invite_url = host.input_value("#invite-url")

    friend.goto(invite_url)
    friend.get_by_role("link", name="Sign up to take a seat").click()
    friend.fill("input[name=email]", "fay@example.com")
    friend.fill("input[name=username]", "fay")
    friend.fill("input[name=password1]", PASSWORD)
    friend.fill("input[name=password2]", PASSWORD)
    friend.get_by_role("button", name="Sign up").click()
    friend.wait_for_load_state()
    mail = stack.wait_for_mail("fay@example.com", "Confirm")
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", text_body(mail)).group(0)
    friend.goto(link)
    friend.get_by_role("button", name="Confirm").click()
    friend.wait_for_load_state()
    assert "/join/" in friend.url, f"after confirming, the friend is at {friend.url}"
    friend.get_by_role("button", name="Take a seat").click()
    friend.wait_for_selector(".prompt")
    assert "fay" in friend.locator(".players").inner_text()
