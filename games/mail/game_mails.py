"""Mails about games: who gets which mail when a game starts, moves, offers, ends, invites.

The tasks (``games.tasks``) call the ``notify_*`` entry points here, which load the game,
decide per recipient (preferences, still waiting, not the actor, not played by a stand-in)
and send through ``deliver``, at most once per recipient and key. Mails carry only public
text: the prompt of the recipient's own seat, public log lines and the result, never
another seat's hidden cards.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from accounts import push
from accounts.models import MailOptOut, Notification, User
from games.engine import deals
from games.mail.delivery import (
    Mail,
    absolute_url,
    deliver,
    filled,
    names_text,
    send_once,
    when_shown,
)
from games.mail.table import Table
from games.models import Game, Seat
from games.play import presence
from games.read.clocks import time_control_text
from games.read.game_page import game_result, since_last_turn

# --- entry points (called by the tasks) -------------------------------------------------


def _turn_mail(table: Table, seat: Seat, since: dict | None) -> Mail:
    """ "Your move", with what the others did since the player's last move, in words."""
    context = {**table.context(seat), "since": since}
    subject = filled(_("Your move in %(title)s"), title=table.title)
    return Mail(Notification.TURN, "turn", subject, context)


def notify_turn(
    *, game_id: int, move_seq: int, user_ids: list[int], acted_by_user_id: int | None = None
) -> int:
    """Tell each user who must now act in the game; returns how many mails went out.

    Nobody is mailed about their own move, nor when they turned turn mail off (or get the
    digest instead), nor when they already acted by the time this runs, nor while they
    have the game open.
    """
    table = Table.load(game_id)
    if table is None:
        return 0
    move = table.move(move_seq)
    actor_seat = move.seat if move is not None else None
    waiting = table.waiting_for()
    sent = 0
    for user_id in dict.fromkeys(user_ids):
        seat = table.seat_of(user_id)
        if seat is None or user_id == acted_by_user_id or seat.number == actor_seat:
            continue
        if seat.number not in waiting:
            continue
        if not seat.played_by_player:  # a stand-in plays it while they are away
            continue
        if presence.is_present(table.game.pk, user_id, timezone.now()):
            continue  # the table is open in front of them: the page shows it already
        # What the others did since the player's last move, as the player may read it:
        # said by the push and the mail alike.
        upto = move.seq if move is not None else None
        since = since_last_turn(table.game, seat.number, table.names, upto=upto)
        push_turn(table, seat, move_seq, since)  # the devices they chose, whatever their mail
        if not seat.user.wants_mail(Notification.TURN):
            continue
        # An offer to you is told by the offer mail when you get those (notify_offer).
        if (
            move is not None
            and move.action.get("type") == deals.OFFER
            and seat.user.wants_mail(Notification.OFFER)
        ):
            continue
        sent += deliver(
            _turn_mail(table, seat, since), game=table.game, key=str(move_seq), user=seat.user
        )
    return sent


def push_turn(table: Table, seat: Seat, move_seq: int, since: dict | None) -> bool:
    """ "Your move" on the devices the player opted in (Web Push), once per turn change:
    recorded like a mail (``send_once``), so a retried task does not push again. Says
    what the turn mail says (``since``), from the player's own view."""
    if not push.enabled() or not seat.user.push_subscriptions.exists():
        return False
    lines = list(since["lines"]) if since else []
    record = {
        "user": seat.user,
        "kind": Notification.TURN,
        "game": table.game,
        "key": f"push:{move_seq}",
    }

    def send() -> int:  # its words in the player's language, like their mails
        with translation.override(seat.user.language or settings.LANGUAGE_CODE):
            shown = [str(line) for line in lines[-3:]]
            body = "; ".join(shown) if shown else gettext("It is your move.")
            title = gettext("Your move in %(title)s") % {"title": table.title}
        return push.send(
            seat.user,
            title=title,
            body=body[:300],
            url=absolute_url(reverse("games:game", args=[table.game.pk])),
            tag=f"game-{table.game.pk}",
        )

    return send_once(record, seat.user.email, send)


def notify_deal(*, game_id: int, move_seq: int, to_user_id: int) -> int:
    """Tell a player that an offer was made to them."""
    table = Table.load(game_id)
    if table is None or table.game.status != Game.Status.ACTIVE:
        return 0
    seat, move = table.seat_of(to_user_id), table.move(move_seq)
    if seat is None or move is None or move.seat == seat.number:
        return 0
    if not seat.user.wants_mail(Notification.OFFER):
        return 0
    proposer = table.names[move.seat]
    context = {**table.context(seat), "proposer": proposer, "happened": table.public_log(move)}
    subject = filled(
        _("%(proposer)s made you an offer in %(title)s"), proposer=proposer, title=table.title
    )
    mail = Mail(Notification.OFFER, "offer", subject, context)
    return int(deliver(mail, game=table.game, key=str(move_seq), user=seat.user))


def notify_started(*, game_id: int) -> int:
    """Tell every player that the game started; the first to act also learn it is their move.

    Starting a game is not a move, so players who want turn mails but not this one get a
    turn mail instead when they must act first.
    """
    table = Table.load(game_id)
    if table is None or table.game.status != Game.Status.ACTIVE:
        return 0
    waiting = table.waiting_for()
    sent = 0
    for seat in table.people:
        my_move = seat.number in waiting
        if seat.user.wants_mail(Notification.STARTED):
            context = {**table.context(seat), "my_move": my_move}
            subject = filled(_("%(title)s has started"), title=table.title)
            mail = Mail(Notification.STARTED, "started", subject, context)
            sent += deliver(mail, game=table.game, user=seat.user)
        elif my_move and seat.user.wants_mail(Notification.TURN):
            key = str(table.game.version)
            since = since_last_turn(table.game, seat.number, table.names)
            sent += deliver(
                _turn_mail(table, seat, since), game=table.game, key=key, user=seat.user
            )
    return sent


def notify_finished(*, game_id: int) -> int:
    """Tell every player that the game is over, with the result."""
    table = Table.load(game_id)
    if table is None or table.game.status != Game.Status.FINISHED:
        return 0
    result = game_result(table.game, table.names)
    names = result["winner_names"] if result else []
    winners = names_text(names) if names else ""
    if names:
        won = ngettext_lazy(
            "%(title)s is over: %(winners)s won", "%(title)s is over: %(winners)s won", len(names)
        )
        subject = filled(won, title=table.title, winners=winners)
    else:
        subject = filled(_("%(title)s is over"), title=table.title)
    sent = 0
    for seat in table.people:
        if seat.user.wants_mail(Notification.GAME_OVER):
            context = {**table.context(seat), "result": result, "winners": winners}
            mail = Mail(Notification.GAME_OVER, "game_over", subject, context)
            sent += deliver(mail, game=table.game, user=seat.user)
    return sent


def notify_invited(*, game_id: int, email_or_user_id: int | str) -> int:
    """Invite a user, or an address without an account, to an open table."""
    table = Table.load(game_id)
    if table is None or table.game.status != Game.Status.OPEN:
        return 0
    inviter = table.game.creator.username
    # The invite link, not the game page: it lets them into a private table too.
    join_url = absolute_url(reverse("games:invite", args=[table.game.invite_code]))
    context = {
        **table.context(),
        "inviter": inviter,
        "join_url": join_url,
        "players": table.game.players,
        "taken": len(table.seats),
        "blurb": table.rules.blurb,
        "time_control": when_shown(time_control_text, table.game),
    }
    subject = filled(
        _("%(inviter)s invited you to play %(game)s"), inviter=inviter, game=table.rules.name
    )
    mail = Mail(Notification.INVITED, "invited", subject, context)
    if isinstance(email_or_user_id, int):
        user = User.objects.filter(pk=email_or_user_id).first()
        if user is None or table.seat_of(user.pk) or not user.wants_mail(Notification.INVITED):
            return 0
        return int(deliver(mail, game=table.game, user=user))
    email = email_or_user_id.strip().lower()
    if not email or MailOptOut.objects.filter(email=email).exists():
        return 0
    return int(deliver(mail, game=table.game, key=email, email=email))
