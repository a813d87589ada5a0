"""Following players: the one place that writes ``Follow`` rows."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Follow, User

MAX_FOLLOWED = 500


class FollowRefused(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.status = message, status


def follow(follower: User, username: object) -> User:
    """``follower`` follows the active player called ``username``; that player."""
    followed = _player(username)
    if followed.pk == follower.pk:
        raise FollowRefused(_("You cannot follow yourself."))
    with transaction.atomic():
        if follower.following.count() >= MAX_FOLLOWED:
            message = ngettext(
                "You can follow at most %(count)d player.",
                "You can follow at most %(count)d players.",
                MAX_FOLLOWED,
            )
            raise FollowRefused(message % {"count": MAX_FOLLOWED})
        Follow.objects.get_or_create(follower=follower, followed=followed)
    return followed


def unfollow(follower: User, username: object) -> User:
    followed = _player(username)
    Follow.objects.filter(follower=follower, followed=followed).delete()
    return followed


def _player(username: object) -> User:
    if not isinstance(username, str) or not username.isprintable() or len(username) > 150:
        raise FollowRefused(_("There is no such player."), status=404)
    player = User.objects.filter(username=username, is_active=True).first()
    if player is None:
        raise FollowRefused(_("There is no such player."), status=404)
    return player


def follows(follower: User, followed: User) -> bool:
    return (
        follower.is_authenticated
        and Follow.objects.filter(follower=follower, followed=followed).exists()
    )


def followed_ids(user) -> set[int]:
    if not user.is_authenticated:
        return set()
    return set(Follow.objects.filter(follower=user).values_list("followed_id", flat=True))


def followed_by(user):
    """The ids of the players ``user`` follows as a subquery: no query of its own."""
    if user is None or not user.is_authenticated:
        return Follow.objects.none().values("followed_id")
    return Follow.objects.filter(follower=user).values("followed_id")
