"""Request and response shapes of the JSON API; the OpenAPI document is built from these."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from ninja import Schema
from pydantic import BaseModel, Field, StrictBool, StrictInt

Free = dict[str, Any]  # a game's own JSON (its view, an action): documented per game


class Out(BaseModel):
    """The base of every answer's shape: plain pydantic, where the requests' shapes are
    ninja's ``Schema``. Every answer is built as dicts, and ``Schema`` wraps each nested
    value for attribute access (for Django models) before pydantic checks it: that cost
    about 0.3 ms of a move's answer through the API (docs/performance.md)."""


class ErrorOut(Out):
    """Every refusal: a code for programs, a sentence for people; nothing changed."""

    error: str = Field(examples=["not_your_turn"])
    detail: str = Field(examples=["It is not your turn."])
    version: int | None = Field(None, description="The current version, when yours was stale.")


# --- in --------------------------------------------------------------------------------------


class TableIn(Schema):
    game: str = Field(examples=["silk-road"])
    players: StrictInt = Field(examples=[3])
    options: Free | None = None
    public: StrictBool = True
    random_seat_order: StrictBool = True
    rated: StrictBool = True
    invite: list[Any] = Field(default_factory=list, description="Usernames or emails.")
    bots: list[Any] | dict[str, Any] | None = Field(
        None, description='A level or null per seat, e.g. [null, "greedy"].'
    )
    time_control: Free | None = None
    entropy: str = Field("", description="Your own randomness for the seed (up to 64 characters).")


class JoinIn(Schema):
    invite_code: str | None = None
    entropy: str = Field("", description="Your own randomness for the seed (up to 64 characters).")


class ActionIn(Schema):
    action: Free = Field(examples=[{"type": "pass"}])
    version: StrictInt = Field(description="The version of the state you acted on.")


class ChatIn(Schema):
    text: Any = Field(examples=["Good luck!"])
    to: Any = Field(
        None,
        description="A seat number: a private message to that player alone (none: the table).",
        examples=[None],
    )


class VoteIn(Schema):
    agree: StrictBool = True


# --- out -------------------------------------------------------------------------------------


class CreatedOut(Out):
    id: int
    invite_code: str
    status: str


class SeatOut(Out):
    seat: int
    name: str | None
    must_act: bool
    deadline: datetime | None
    bot: str | None = Field(description="The level of a computer player's seat.")
    played_by_bot: str | None = Field(
        description="The level of the stand-in playing a person's seat while they are away."
    )


class GameSummaryOut(Out):
    id: int
    game: str
    status: str
    version: int
    players: int
    public: bool
    seats: list[SeatOut]
    you: int | None
    must_act: bool
    waiting_since: datetime | None


class GamesOut(Out):
    games: list[GameSummaryOut]


class ArchivePageOut(Out):
    games: list[GameSummaryOut]
    next: str | None = Field(description="Pass as ``after`` for the next (older) page.")


class ExportOut(Out):
    """A finished game, whole: setting the engine up from ``seed`` and applying ``moves``
    in order gives ``final_state``."""

    format: int
    id: int
    game: str
    title: str
    players: int
    options: dict[str, str]
    rated: bool
    seats: list[Free]
    started_at: str | None
    finished_at: str | None
    seed: int
    seed_commitment: str | None
    server_seed: int | None
    seed_nonce: str | None
    entropies: list[str]
    moves: list[Free]
    final_state: Free | None
    result: Free | None


class LogLineOut(Out):
    seq: int
    seat: int | None
    text: str


class ScoreOut(Out):
    seat: int
    name: str
    place: int
    score: int | None
    breakdown: list[Annotated[list[Any], Field(min_length=2, max_length=2)]]
    left: bool


class ResultOut(Out):
    termination: str = Field(
        description="finished, round_cap, resigned, timed_out, abandoned or agreed"
    )
    reason: str
    winners: list[int]
    winner_names: list[str]
    scores: list[ScoreOut]


class DealOut(Out):
    id: int
    to: int | None
    standing: bool
    uses: int
    answers: int | None
    text: str
    give: dict[str, Any]
    get: dict[str, Any]
    give_count: int
    get_count: int
    from_name: str
    to_name: str
    mine: bool
    to_me: bool


class FairnessOut(Out):
    commitment: str | None = Field(
        description="SHA-256 of the server seed, shown before play (null for older games)."
    )
    revealed: bool = Field(description="True once the game is over and the seed is shown.")
    server_seed: int | None = None
    nonce: str | None = None
    seed: int | None = None
    entropies: list[list[str]] = Field(
        default_factory=list, description="[player, randomness] pairs, after the end."
    )


class GameDetailOut(Out):
    id: int
    game: str
    status: str
    version: int
    seats: list[SeatOut]
    to_act: list[int]
    you: int | None
    prompt: str | None
    view: Free | None
    legal_actions: list[Free]
    deal_terms: Free | None = Field(description="What you may offer now (the deal schema).")
    deals: list[DealOut]
    log: list[LogLineOut] = Field(
        description="The latest 30 log lines, oldest first (the export has them all)."
    )
    result: ResultOut | None
    fairness: FairnessOut


class ChatMessageOut(Out):
    id: int
    user: str
    to: str | None = Field(None, description="A private message's recipient (you or its writer).")
    text: str
    at: datetime


class ChatOut(Out):
    messages: list[ChatMessageOut]


class PostedOut(Out):
    id: int


class LeftOut(Out):
    left: bool
