"""Mails about games: who gets which mail, sent at most once per recipient.

The signal receivers at the bottom only queue Celery tasks (``games.tasks``) with ids; the
tasks call the ``notify_*`` entry points here, which load the game, decide per recipient
(preferences, still waiting, not the actor) and send. Each mail is recorded as a
``SentNotification`` in the same transaction as the decision to send it, so a retried task
never mails anyone twice. Mails carry only public text: the prompt of the recipient's own
seat, public log lines and the result, never another seat's hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.models import MailOptOut, Notification, SentNotification, User
from accounts.unsubscribe import unsubscribe_url
from games import signals
from games.engine import LogEntry
from games.engine.contract import fill_names
from games.models import Game, Move, Seat
from games.selectors import game_result, seat_names

# --- building and sending one mail ------------------------------------------------------


def absolute_url(path: str) -> str:
    """Links in mail are built from SITE_URL: tasks run in a worker, with no request."""
    return settings.SITE_URL + path


@dataclass(frozen=True)
class Mail:
    """One mail to one address: ``template`` names ``emails/<template>.txt`` and ``.html``."""

    kind: Notification
    template: str
    subject: str
    context: dict

    def message(self, *, email: str, user: User | None) -> EmailMultiAlternatives:
        unsubscribe = unsubscribe_url(kind=self.kind, user=user, email=email)
        context = {
            **self.context,
            "recipient": user,
            "kind_label": self.kind.label,
            "unsubscribe_url": unsubscribe,
            "settings_url": absolute_url(reverse("accounts:settings")),
            "site_url": settings.SITE_URL,
        }
        message = EmailMultiAlternatives(
            subject=settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + self.subject,
            body=render_to_string(f"emails/{self.template}.txt", context),
            to=[email],
            headers={
                "List-Unsubscribe": f"<{unsubscribe}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
        )
        message.attach_alternative(
            render_to_string(f"emails/{self.template}.html", context), "text/html"
        )
        return message


def deliver(
    mail: Mail, *, game: Game, key: str = "", user: User | None = None, email: str = ""
) -> bool:
    """Send ``mail`` unless it was sent before; True when it went out now.

    The record and the sending share a transaction: when sending fails the record is rolled
    back and the task's retry tries again; once it is committed, no retry sends again.
    """
    email = user.email if user is not None else email
    if not email:
        return False
    with transaction.atomic():
        _, created = SentNotification.objects.get_or_create(
            user=user, kind=mail.kind, game=game, key=key, defaults={"email": email}
        )
        if created:
            mail.message(email=email, user=user).send()
    return created


# --- what the mails say about a game ----------------------------------------------------


class Table:
    """A game as the mails describe it: title, link, names, prompts and public log."""

    def __init__(self, game: Game):
        self.game = game
        self.rules = game.rules
        self.seats = list(game.seats.select_related("user").order_by("number"))

    @classmethod
    def load(cls, game_id: int) -> Table | None:
        game = Game.objects.filter(pk=game_id).first()
        return cls(game) if game is not None else None

    @cached_property
    def names(self) -> list[str]:
        return seat_names(self.game)

    @property
    def title(self) -> str:
        return str(self.game)

    @property
    def url(self) -> str:
        return absolute_url(reverse("games:game", args=[self.game.pk]))

    @property
    def people(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.user_id]

    def seat_of(self, user_id: int | None) -> Seat | None:
        return next((seat for seat in self.seats if user_id and seat.user_id == user_id), None)

    def waiting_for(self) -> tuple[int, ...]:
        if self.game.status != Game.Status.ACTIVE:
            return ()
        return tuple(self.rules.to_act(self.game.state))

    def prompt(self, seat: Seat) -> str:
        return fill_names(self.rules.prompt(self.game.state, seat.number), self.names)

    def opponents(self, seat: Seat) -> list[str]:
        return [name for number, name in enumerate(self.names) if number != seat.number]

    def move(self, seq: int) -> Move | None:
        return self.game.moves.filter(seq=seq).first()

    def public_log(self, move: Move | None) -> list[str]:
        """The move's log lines as a spectator reads them: no one's private details."""
        if move is None:
            return []
        return [fill_names(LogEntry.from_json(data).text, self.names) for data in move.log]

    def context(self, seat: Seat | None = None) -> dict:
        """What every mail about this game shows; with ``seat``, as that player sees it."""
        context = {"title": self.title, "game_url": self.url, "game_name": self.rules.name}
        if seat is not None:
            context.update(opponents=self.opponents(seat), prompt=self.prompt(seat))
        return context


def _turn_mail(table: Table, seat: Seat, move: Move | None) -> Mail:
    context = {**table.context(seat), "happened": table.public_log(move)}
    return Mail(Notification.TURN, "turn", f"Your move in {table.title}", context)


# --- entry points (called by the tasks) -------------------------------------------------


def notify_turn(
    *, game_id: int, move_seq: int, user_ids: list[int], acted_by_user_id: int | None = None
) -> int:
    """Tell each user who must now act in the game; returns how many mails went out.

    Nobody is mailed about their own move, nor when they turned turn mail off (or get the
    digest instead), nor when they already acted by the time this runs.
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
        if seat.number not in waiting or not seat.user.wants_mail(Notification.TURN):
            continue
        if seat.bot_takeover_level:  # a bot plays it while they are away
            continue
        # An offer to you is told by the offer mail when you get those (notify_offer).
        if (
            move is not None
            and move.action.get("type") == "offer"
            and seat.user.wants_mail(Notification.OFFER)
        ):
            continue
        sent += deliver(
            _turn_mail(table, seat, move), game=table.game, key=str(move_seq), user=seat.user
        )
    return sent


def notify_offer(*, game_id: int, move_seq: int, to_user_id: int) -> int:
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
    mail = Mail(
        Notification.OFFER, "offer", f"{proposer} made you an offer in {table.title}", context
    )
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
            mail = Mail(Notification.STARTED, "started", f"{table.title} has started", context)
            sent += deliver(mail, game=table.game, user=seat.user)
        elif my_move and seat.user.wants_mail(Notification.TURN):
            key = str(table.game.version)
            sent += deliver(_turn_mail(table, seat, None), game=table.game, key=key, user=seat.user)
    return sent


def notify_finished(*, game_id: int) -> int:
    """Tell every player that the game is over, with the result."""
    table = Table.load(game_id)
    if table is None or table.game.status != Game.Status.FINISHED:
        return 0
    result = game_result(table.game, table.names)
    winners = " and ".join(result["winner_names"]) if result else ""
    subject = f"{table.title} is over" + (f": {winners} won" if winners else "")
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
    }
    mail = Mail(
        Notification.INVITED,
        "invited",
        f"{inviter} invited you to play {table.rules.name}",
        context,
    )
    if isinstance(email_or_user_id, int):
        user = User.objects.filter(pk=email_or_user_id).first()
        if user is None or table.seat_of(user.pk) or not user.wants_mail(Notification.INVITED):
            return 0
        return int(deliver(mail, game=table.game, user=user))
    email = email_or_user_id.strip().lower()
    if not email or MailOptOut.objects.filter(email=email).exists():
        return 0
    return int(deliver(mail, game=table.game, key=email, email=email))


# --- signal receivers: queue a task, nothing more ---------------------------------------


@receiver(signals.game_moved, dispatch_uid="notifications.game_moved")
def _on_game_moved(sender, game_id, move_seq, acted_by_user_id, newly_waiting_user_ids, **kwargs):
    from games import tasks

    waiting = [uid for uid in newly_waiting_user_ids if uid != acted_by_user_id]
    if waiting:
        tasks.send_turn_mails.delay(game_id, move_seq, waiting, acted_by_user_id)


@receiver(signals.offer_made, dispatch_uid="notifications.offer_made")
def _on_offer_made(sender, game_id, move_seq, to_user_id, **kwargs):
    from games import tasks

    tasks.send_offer_mail.delay(game_id, move_seq, to_user_id)


@receiver(signals.game_started, dispatch_uid="notifications.game_started")
def _on_game_started(sender, game_id, **kwargs):
    from games import tasks

    tasks.send_started_mails.delay(game_id)


@receiver(signals.game_finished, dispatch_uid="notifications.game_finished")
def _on_game_finished(sender, game_id, **kwargs):
    from games import tasks

    tasks.send_finished_mails.delay(game_id)


@receiver(signals.seat_left, dispatch_uid="notifications.seat_left")
def _on_seat_left(sender, game_id, event_id, **kwargs):
    from games import tasks

    tasks.send_opponent_left.delay(game_id, event_id)


@receiver(signals.player_invited, dispatch_uid="notifications.player_invited")
def _on_player_invited(sender, game_id, email_or_user_id, **kwargs):
    from games import tasks

    tasks.send_invitation.delay(game_id, email_or_user_id)
