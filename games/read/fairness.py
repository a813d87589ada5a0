"""Dice anyone can check: the seed commitment, its reveal and the check of a finished game.

When a table opens, the server draws its seed and a nonce and shows the commitment
``SHA-256("silkroad-seed-v1", table id, server seed, nonce)``. Players may add randomness of
their own when they sit down. At the start, the engine's seed is derived from the server's
seed and every player's randomness, so neither the server nor any player chose it alone.
When the game ends, the server's seed and nonce are revealed: anyone can recompute the
commitment, derive the seed, replay every move and compare each die, draw and shuffle the
log recorded with what the seed gives.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import Action
from games.models import Game

SCHEME = "silkroad-seed-v1"
ENTROPY_MAX_LENGTH = 64


def commitment(game_id: int, server_seed: int, nonce: str) -> str:
    """The hex SHA-256 that binds the server to its seed before anyone has played."""
    text = f"{SCHEME}\n{game_id}\n{server_seed}\n{nonce}"
    return hashlib.sha256(text.encode()).hexdigest()


def derived_seed(server_seed: int, entropies: Iterable[str]) -> int:
    """The engine's seed: the server's seed mixed with every player's randomness.

    The players' strings are sorted, so the order they joined in does not matter; the
    result is 62 bits, as the engines expect.
    """
    text = "\n".join([SCHEME, str(server_seed), *sorted(e for e in entropies if e)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 2


def game_commitment(game: Game) -> str | None:
    return commitment(game.pk, game.server_seed, game.seed_nonce) if game.seed_committed else None


def revealed(game: Game) -> bool:
    """The seed is shown once the game is over (never while anyone could use it)."""
    return game.status == Game.Status.FINISHED


def fairness_context(game: Game, names: list[str]) -> dict:
    """What the page shows: the commitment always, the reveal once the game is over."""
    shown: dict = {"commitment": game_commitment(game), "revealed": revealed(game)}
    if shown["revealed"]:
        seats = sorted(game.seats.all(), key=lambda seat: seat.number)
        shown.update(
            server_seed=game.server_seed,
            nonce=game.seed_nonce,
            seed=game.seed,
            entropies=[
                (names[seat.number] if seat.number < len(names) else "", seat.entropy)
                for seat in seats
                if seat.entropy
            ],
        )
    return shown


@dataclass(frozen=True)
class Finding:
    what: str
    ok: bool
    detail: str = ""


@dataclass(frozen=True)
class Verification:
    findings: tuple[Finding, ...]

    @property
    def verified(self) -> bool:
        return bool(self.findings) and all(f.ok for f in self.findings)


def verify(game: Game) -> Verification:
    """Check a finished game from what anyone can see once it is over."""
    if not revealed(game):
        return Verification(
            (Finding(_("The game is over"), False, _("The seed is revealed at the end.")),)
        )
    findings: list[Finding] = []
    entropies = list(game.seats.values_list("entropy", flat=True))
    if game.seed_committed:
        findings.append(
            Finding(
                _("The seed derives from the committed server seed and the players' randomness"),
                derived_seed(game.server_seed, entropies) == game.seed,
            )
        )
    else:
        findings.append(
            Finding(
                _("The game predates seed commitments"),
                True,
                _("Its seed replays the game but was not committed to in advance."),
            )
        )
    findings.extend(_replay_findings(game))
    return Verification(tuple(findings))


def _replay_findings(game: Game) -> list[Finding]:
    """Replay every move from the seed: each move's log (dice, draws, shuffles) must match."""
    rules = game.rules
    try:
        state = rules.setup(game.players, dict(game.options), game.seed)
        moves = list(game.moves.order_by("seq"))
        for move in moves:
            state, entries = rules.apply(state, move.seat, Action.from_json(move.action))
            if [entry.to_json() for entry in entries] != move.log:
                return [
                    Finding(
                        _("Every die, draw and shuffle matches the seed"),
                        False,
                        _("Move %(seq)d recorded something the seed does not give.")
                        % {"seq": move.seq},
                    )
                ]
    except Exception as exc:  # a log that cannot be replayed is exactly what this looks for
        return [
            Finding(_("Every move replays from the seed"), False, f"{type(exc).__name__}: {exc}")
        ]
    return [
        Finding(
            _("Every die, draw and shuffle matches the seed"),
            True,
            ngettext("%(count)d move replayed.", "%(count)d moves replayed.", len(moves))
            % {"count": len(moves)},
        ),
        Finding(_("The replay ends in the recorded final position"), state == game.state),
        Finding(_("The recorded result is the replay's result"), _same_result(game, state)),
    ]


def _same_result(game: Game, state) -> bool:
    outcome = game.rules.outcome(state)
    if outcome is None:  # ended by resignation, timeout or agreement: not by the rules
        return game.result is not None and game.result.get("termination") != "finished"
    return game.result is not None and game.result.get("termination") in ("finished", "round_cap")
