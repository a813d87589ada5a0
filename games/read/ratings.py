"""Ratings as pages show them: a game's rating changes, a title's leaderboard, a player's
ratings and their history. Written by ``games.play.ratings``."""

from __future__ import annotations

from typing import Any

from games.models import Game, Rating, RatingChange, bot_name

LEADERBOARD_SIZE = 100


def rating_name(rating: Rating) -> str:
    if rating.user_id is not None:
        return rating.user.username
    return bot_name(rating.bot_level)


def game_changes(game: Game) -> dict[int, dict[str, Any]]:
    """Seat → how the game moved its rating (empty for unrated games)."""
    changes = RatingChange.objects.filter(played=game).select_related("rating")
    return {
        change.seat: {
            "delta": change.delta,
            "after": round(change.mu_after),
            "provisional": change.rating.provisional,
        }
        for change in changes
    }


def leaderboard(slug: str) -> list[dict[str, Any]]:
    """Established ratings at a title, best first (provisional ones wait)."""
    rows = (
        Rating.objects.filter(game=slug, games__gte=Rating.PROVISIONAL_GAMES)
        .select_related("user")
        .order_by("-mu", "pk")[:LEADERBOARD_SIZE]
    )
    return [
        {
            "place": place,
            "name": rating_name(rating),
            "username": rating.user.username if rating.user_id else None,
            "rating": rating.shown,
            "games": rating.games,
        }
        for place, rating in enumerate(rows, start=1)
    ]


def player_ratings(user) -> list[Rating]:
    return list(Rating.objects.filter(user=user).order_by("game"))


def history(rating: Rating) -> list[tuple[Any, int]]:
    """(when, rating after) for each rated game of ``rating``, oldest first: two columns
    of each change, never the game it came from (a game's row carries its whole state)."""
    changes = RatingChange.objects.filter(rating=rating).order_by("created_at", "pk")
    return [(at, round(after)) for at, after in changes.values_list("created_at", "mu_after")]
