"""Ratings per title: OpenSkill (Plackett–Luce), updated once per finished rated game.

Called in the transaction that ends the game (``acting`` for endings by the rules,
``endings.finish`` for the others), so a rating moves exactly when a result is stored.

The rules, as the players' page (``docs/players.md``) states them:

* Every seat is rated: a person by their account, a computer player by its level. A seat
  a stand-in played for an absent person is still that person's.
* Places come from the result; a seat that resigned or ran out of time ranks last,
  whatever the board said. Equal places are ties.
* Games ended by agreement, or abandoned by every person, are not rated: they have no
  result to learn from. Neither are unrated tables, nor games with fewer than two
  different rated players.
* A rating is shown as its mean, rounded; it is *provisional* until ``Rating.PROVISIONAL_GAMES``
  rated games at that title. The leaderboard lists established ratings only.
* When the same computer level holds several seats, its first seat updates its rating;
  the others play with the same rating and are not recorded (one game, one update).
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from games.models import Game, Rating, RatingChange, Seat
from games.play import results

START_MU = 1500.0
START_SIGMA = 500.0
MODEL = PlackettLuce(mu=START_MU, sigma=START_SIGMA, beta=START_SIGMA / 2, tau=START_MU / 300)
UNRATED_ENDINGS = (results.AGREED, results.ABANDONED)


def rate(game: Game, seats: Sequence[Seat]) -> list[RatingChange]:
    """Update the ratings of a game that has just finished; the changes recorded."""
    if not game.rated or game.result is None:
        return []
    if game.result["termination"] in UNRATED_ENDINGS:
        return []
    ranks = _ranks(game.result, seats)
    entrants = _entrants(game, seats)
    if len({rating.pk for rating in entrants.values()}) < 2:
        return []
    numbers = sorted(entrants)
    teams = [[MODEL.rating(mu=entrants[n].mu, sigma=entrants[n].sigma)] for n in numbers]
    rated = MODEL.rate(teams, ranks=[ranks[n] for n in numbers])
    changes, updated = [], set()
    for number, (after,) in zip(numbers, rated, strict=True):
        rating = entrants[number]
        if rating.pk in updated:
            continue
        updated.add(rating.pk)
        changes.append(
            RatingChange(
                rating=rating,
                played=game,
                seat=number,
                mu_before=rating.mu,
                sigma_before=rating.sigma,
                mu_after=after.mu,
                sigma_after=after.sigma,
            )
        )
        rating.mu, rating.sigma, rating.games = after.mu, after.sigma, rating.games + 1
        rating.save(update_fields=["mu", "sigma", "games", "updated_at"])
    return RatingChange.objects.bulk_create(changes)


def _ranks(result: dict, seats: Sequence[Seat]) -> dict[int, int]:
    """Each seat's place, with those who resigned or timed out after everyone else."""
    places = {score["seat"]: score["place"] for score in result["scores"]}
    left = {score["seat"] for score in result["scores"] if score["left"]}
    left |= {seat.number for seat in seats if seat.resigned_at is not None}
    last = max(places.values(), default=0) + 1
    return {n: last if n in left else place for n, place in places.items()}


def _entrants(game: Game, seats: Sequence[Seat]) -> dict[int, Rating]:
    """Each seat's rating row, locked (in a fixed order, so two endings cannot deadlock)."""
    keys = {}
    for seat in seats:
        if seat.user_id is not None:
            keys[seat.number] = {"user_id": seat.user_id, "bot_level": ""}
        elif seat.is_bot and seat.controller_level:
            keys[seat.number] = {"user_id": None, "bot_level": seat.controller_level}
    for key in sorted(keys.values(), key=lambda k: (k["user_id"] or 0, k["bot_level"])):
        Rating.objects.get_or_create(
            game=game.game, **key, defaults={"mu": START_MU, "sigma": START_SIGMA}
        )
    rows = Rating.objects.select_for_update().filter(game=game.game).order_by("pk")
    by_user = {r.user_id: r for r in rows.filter(user__in=[k["user_id"] for k in keys.values()])}
    by_bot = {
        r.bot_level: r
        for r in rows.filter(user=None, bot_level__in=[k["bot_level"] for k in keys.values()])
    }
    return {
        number: by_user[key["user_id"]] if key["user_id"] else by_bot[key["bot_level"]]
        for number, key in keys.items()
    }
