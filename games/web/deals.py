"""The deals panel of every game page, drawn from the engine's deal schema alone.

``composer`` turns a seat's ``DealTerms`` (``games.engine.deals``) into a form: whom to
offer to (or everyone, for a standing order where the game allows them), a stepper per kind
of each term the seat may give (up to what it holds) and may ask for, — when an offer
was made to it — which offer the new one counters, and, where the game allows it, a
promise in words that rides along unenforced. ``posted_offer`` turns the posted form
back into the offer action, checked against the same bounds; the engine stays the judge.
No game's kinds or action names appear here: a new game with deals gets its form for free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.engine import Action, IllegalAction
from games.engine.deals import MAX_NOTE, DealTerms
from games.errors import InvalidInput
from games.words import translated

PREFIX = "deal-"
ANYONE = "anyone"  # the recipient of a standing order


@dataclass(frozen=True)
class Stepper:
    """One count to choose: how many of ``kind`` of ``term`` on one side of the deal."""

    side: str  # "give" or "get"
    term: str
    kind: str
    label: str
    most: int
    # For what is asked: the most each partner may give, (partner value, most); the page
    # shows the stepper only for partners who can give some (empty: the same for all).
    most_by: tuple[tuple[str, int], ...] = ()

    @property
    def input_name(self) -> str:
        return f"{PREFIX}{self.side}-{self.term}-{self.kind}"

    @property
    def counts(self) -> range:
        """The counts one may choose: 0 up to the most."""
        return range(self.most + 1)

    @property
    def most_by_text(self) -> str:
        """``most_by`` for the page's script: "1:2 2:0" (partner:most, space-separated)."""
        return " ".join(f"{partner}:{most}" for partner, most in self.most_by)


@dataclass(frozen=True)
class TermGroup:
    label: str
    hidden: bool
    steppers: tuple[Stepper, ...]
    secret: bool = False  # outsiders learn neither which nor how many ("some coins")


@dataclass(frozen=True)
class Composer:
    partners: tuple[tuple[str, str], ...]  # (value posted, name shown)
    give: tuple[TermGroup, ...]
    get: tuple[TermGroup, ...]
    counters: tuple[tuple[int, str], ...] = ()  # (offer id, its description)
    standing: bool = False
    max_items: int = 0
    full: bool = False  # the seat has as many offers open as it may
    promises: bool = False  # a promise in words may ride along ("not enforced")
    note_max: int = MAX_NOTE

    @property
    def sides(self) -> tuple[Side, ...]:
        """Both sides in the order the form shows them: what one gives, then asks for."""
        return (Side("give", self.give), Side("get", self.get))


@dataclass(frozen=True)
class Side:
    name: str  # "give" or "get"
    groups: tuple[TermGroup, ...]


def composer(
    terms: DealTerms, names: Sequence[str], counterable: Sequence[tuple[int, str]] = ()
) -> Composer:
    """The form for ``terms``; ``counterable`` are (id, text) of offers made to the seat."""
    partners = [(str(seat), names[seat]) for seat in terms.partners if seat < len(names)]
    if terms.standing:
        partners.append((ANYONE, _("Anyone (a standing order)")))
    return Composer(
        partners=tuple(partners),
        give=_groups(terms, "give", terms.give),
        get=_groups(terms, "get", terms.ask_bounds(None)),
        counters=tuple(counterable),
        standing=terms.standing,
        max_items=terms.max_items,
        full=terms.open_count >= terms.max_open,
        promises=terms.promises,
    )


def _most_by(terms: DealTerms, term: str, kind: str) -> tuple[tuple[str, int], ...]:
    """What each partner may give of ``kind`` (a standing order: the most of any)."""
    most_by = [
        (str(partner), min(terms.ask_bounds(partner).get(term, {}).get(kind, 0), terms.max_items))
        for partner in terms.partners
    ]
    if terms.standing:
        most_by.append((ANYONE, max((most for _, most in most_by), default=0)))
    return tuple(most_by)


def _groups(terms: DealTerms, side: str, bounds: Mapping[str, Mapping[str, int]]):
    groups = []
    for term in terms.terms:
        most = bounds.get(term.name, {})
        steppers = tuple(
            Stepper(
                side,
                term.name,
                kind,
                label,
                min(most.get(kind, 0), terms.max_items),
                _most_by(terms, term.name, kind) if side == "get" else (),
            )
            for kind, label in term.kinds
            if most.get(kind, 0) > 0
        )
        if steppers:
            groups.append(TermGroup(term.label, term.hidden, steppers, term.secret))
    return tuple(groups)


def _count(raw: str | None, stepper: Stepper) -> int:
    try:
        value = int(raw or "0")
    except (TypeError, ValueError):
        raise InvalidInput(_("“%(kind)s” needs a number.") % {"kind": stepper.label}) from None
    if not 0 <= value <= stepper.most:
        if stepper.side == "give":
            raise InvalidInput(
                _("You hold %(most)d %(kind)s: you can offer 0 to %(most)d.")
                % {"most": stepper.most, "kind": stepper.label}
            )
        raise InvalidInput(
            _("“%(kind)s”: you can ask for 0 to %(most)d, no more than they hold.")
            % {"most": stepper.most, "kind": stepper.label}
        )
    return value


def posted_offer(
    terms: DealTerms, data: Mapping[str, str], counterable: Sequence[int] = ()
) -> Action:
    """The offer action the posted composer describes (refusals are ``InvalidInput``)."""
    raw_to = data.get(f"{PREFIX}to")
    if raw_to == ANYONE and terms.standing:
        to = None
    elif raw_to in {str(seat) for seat in terms.partners}:
        to = int(raw_to)
    else:
        raise InvalidInput(_("Choose whom to make the offer to."))
    counts: dict[str, dict[str, dict[str, int]]] = {"give": {}, "get": {}}
    groups = (*_groups(terms, "give", terms.give), *_groups(terms, "get", terms.ask_bounds(None)))
    for group in groups:
        for stepper in group.steppers:
            count = _count(data.get(stepper.input_name), stepper)
            if count:
                counts[stepper.side].setdefault(stepper.term, {})[stepper.kind] = count
    answers = None
    raw_answers = data.get(f"{PREFIX}answers")
    if raw_answers:
        if not raw_answers.isdigit() or int(raw_answers) not in counterable:
            raise InvalidInput(_("That offer can no longer be countered."))
        answers = int(raw_answers)
    uses = None
    if to is None:
        raw_uses = data.get(f"{PREFIX}uses") or "1"
        if not raw_uses.isdigit():
            raise InvalidInput(_("Say how many times the standing order may be taken."))
        uses = int(raw_uses)
    note = ""
    if terms.promises:
        note = (data.get(f"{PREFIX}note") or "").strip()
        if len(note) > MAX_NOTE:
            raise InvalidInput(
                _("Keep a promise under %(count)d characters.") % {"count": MAX_NOTE}
            )
    try:
        return terms.action(
            to=to, give=counts["give"], get=counts["get"], answers=answers, uses=uses, note=note
        )
    except IllegalAction as exc:
        raise InvalidInput(translated(exc.reason)) from None
