"""Deals between players, the same for every game: offers, answers, counters, standing orders.

A game that lets players trade declares *what* may change hands, and the contract does the
rest. The declaration is typed:

* ``Term``: one kind of thing that may change hands (hand cards, caravan goods, coins,
  permissions, cards by id), with the kinds it comes in and whether it is ``hidden`` —
  outsiders then learn only how many, never which.
* ``DealTerms``: what one seat may propose *now* — to whom, the most of each kind it may
  give (what it holds) and ask for from each partner, how many items a side may hold, how
  many offers it may have open, whether standing orders are allowed.

The game implements ``GameRules.deal_terms`` (the schema), ``deal_obstacle`` (why a deal
cannot be carried out now), ``deal_execute`` (carry it out) and may implement
``deal_epoch`` (offers made under another epoch expire: "at the end of the active player's
turn") and ``after_deal`` (what its own turn logic does after things changed hands). This
module keeps the open deals in the state, checks proposals against the schema, lists the
answers a seat may give, executes an accepted deal atomically after checking it again, and
after every action drops the deals that lapsed (impossible now) or expired.

Actions, in their stable JSON form::

    {"type": "offer", "to": 1, "give_cards": ["tea", "tea"], "get_goods": ["silk"]}
    {"type": "offer", "to": 0, "give_cards": ["salt"], "answers": 3}    # a counter-offer
    {"type": "offer", "standing": true, "uses": 2, "give_coins": ["coin"],
     "get_permissions": ["caravan"]}                                    # a standing order
    {"type": "accept", "offer": 3}   {"type": "decline", "offer": 3}   {"type": "withdraw", "offer": 3}

Each side lists kinds, one entry per item (``["tea", "tea"]`` is two Tea). A counter-offer
answers an offer made to its proposer: the answered offer closes and the new one records
what it answers. A standing order has no ``to``: any other seat may take it, up to ``uses``
times, and it is switched off (with the reason told to its owner alone) as soon as its owner
can no longer honour it. Offers never make the game wait for anybody.

State: ``state["deals"]`` (open deals, oldest first) and ``state["next_deal"]``, written only
here. A deal record: ``{"id", "from", "to" (None for a standing order), "give": {term:
[kinds]}, "get": {term: [kinds]}, "answers", "epoch", "standing", "uses"}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from .vocabulary import Action, IllegalAction, LogEntry, State, log, say, say_count

OFFER = "offer"
ACCEPT = "accept"
DECLINE = "decline"
WITHDRAW = "withdraw"
ANSWERS = (ACCEPT, DECLINE)
DEAL_TYPES = (OFFER, ACCEPT, DECLINE, WITHDRAW)
MAX_USES = 9  # a standing order is taken at most this many times
_FLAGS = ("to", "answers", "standing", "uses", "note")
MAX_NOTE = 200  # characters of a promise in words


@dataclass(frozen=True)
class Term:
    """One kind of thing that may change hands, e.g. hand cards (hidden) or caravan goods."""

    name: str  # "cards": actions say give_cards / get_cards
    label: str  # "Hand cards"
    kinds: tuple[tuple[str, str], ...]  # (kind, label)
    hidden: bool = False  # outsiders see how many, never which
    #: Outsiders see neither which nor how many (coins hidden in a tent): only that some
    #: changed hands. Standing orders, being public, show them to everyone.
    secret: bool = False
    #: A plain amount (coins): reads as a count, "2 coins", never "coin, coin".
    amount: bool = False
    unit: tuple[str, str] = ("item", "items")  # how a hidden count reads: "1 card", "2 cards"
    where: str = ""  # said after named items: "Silk from the caravan"

    def kind_label(self, kind: str) -> str:
        return dict(self.kinds).get(kind, kind)

    def named(self, kinds: Sequence[str]) -> str:
        text = ", ".join(self.kind_label(kind) for kind in kinds)
        return f"{text} {self.where}" if self.where else text

    def counted(self, count: int) -> str:
        return f"{count} {self.unit[0] if count == 1 else self.unit[1]}"

    def to_json(self) -> dict[str, Any]:
        shown = {
            "name": self.name,
            "label": self.label,
            "kinds": [{"kind": kind, "label": label} for kind, label in self.kinds],
            "hidden": self.hidden,
        }
        if self.secret:
            shown["secret"] = True
        return shown


Bounds = Mapping[str, Mapping[str, int]]  # term -> kind -> most


@dataclass(frozen=True)
class DealTerms:
    """What one seat may propose now: the typed schema a deal form is drawn from."""

    partners: tuple[int, ...]
    terms: tuple[Term, ...]
    give: Bounds  # the most of each kind the proposer may put in
    get: Mapping[int, Bounds]  # per partner: the most of each kind it may ask for
    max_items: int = 9  # per side
    open_count: int = 0
    max_open: int = 3
    standing: bool = False  # standing orders allowed
    #: Standing orders outlive the epoch: each new epoch restores their uses ("twice a
    #: turn") instead of expiring them.
    standing_renews: bool = False
    #: An offer may carry a promise in words (``note``), shown "not enforced".
    promises: bool = False

    def term(self, name: str) -> Term | None:
        return next((term for term in self.terms if term.name == name), None)

    def ask_bounds(self, to: int | None) -> Bounds:
        """What may be asked of ``to``; of anyone (standing orders): the most of any partner."""
        if to is not None:
            return self.get.get(to, {})
        merged: dict[str, dict[str, int]] = {}
        for bounds in self.get.values():
            for term, kinds in bounds.items():
                mine = merged.setdefault(term, {})
                for kind, most in kinds.items():
                    mine[kind] = max(mine.get(kind, 0), most)
        return merged

    def to_json(self) -> dict[str, Any]:
        return {
            "partners": list(self.partners),
            "terms": [term.to_json() for term in self.terms],
            "give": {term: dict(kinds) for term, kinds in self.give.items()},
            "get": {
                str(partner): {term: dict(kinds) for term, kinds in bounds.items()}
                for partner, bounds in self.get.items()
            },
            "max_items": self.max_items,
            "open_count": self.open_count,
            "max_open": self.max_open,
            "standing": self.standing,
            "promises": self.promises,
        }

    def action(
        self,
        *,
        to: int | None,
        give: Mapping[str, Mapping[str, int]],
        get: Mapping[str, Mapping[str, int]],
        answers: int | None = None,
        uses: int | None = None,
        note: str = "",
    ) -> Action:
        """The offer action for counts per term and kind, checked against these bounds.

        ``to`` None with ``uses`` posts a standing order. Raises ``IllegalAction`` with a
        reason a player understands.
        """
        params: dict[str, Any] = {}
        if to is None:
            if not self.standing:
                raise IllegalAction(say("Choose a player to make the offer to."))
            params["standing"] = True
            params["uses"] = uses or 1
        else:
            params["to"] = to
        if answers is not None:
            params["answers"] = answers
        if note:
            params["note"] = note
        for side, counts in (("give", give), ("get", get)):
            for name, kinds in counts.items():
                term = self.term(name)
                if term is None:
                    raise IllegalAction(
                        say("Nothing called '{name}' can change hands here.", name=name)
                    )
                items: list[str] = []
                for kind, count in kinds.items():
                    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                        what = term.kind_label(kind)
                        raise IllegalAction(say("Say how many {what} as a number.", what=what))
                    items += [kind] * count
                if items:
                    params[f"{side}_{name}"] = items
        action = Action.make(OFFER, **params)
        deal, reason = parse(action, self.terms)
        reason = reason or bounds_problem(self, deal or {}, action)
        if reason:
            raise IllegalAction(reason)
        return action


class GameRules(Protocol):
    """The part of ``games.engine.contract.GameRules`` this module relies on."""

    deal_kinds: tuple[Term, ...]

    def deal_terms(self, state: State, seat: int) -> DealTerms | None: ...

    def deal_obstacle(self, state: State, deal: dict[str, Any], taker: int | None) -> str: ...

    def deal_execute(
        self, state: State, deal: dict[str, Any], taker: int, logs: list[LogEntry]
    ) -> None: ...

    def deal_epoch(self, state: State) -> Any: ...

    def after_deal(self, state: State, logs: list[LogEntry]) -> None: ...


# --- reading an offer --------------------------------------------------------------------


def parse(action: Action, terms: Sequence[Term]) -> tuple[dict[str, Any] | None, str]:
    """The deal an offer action describes (without id, sender or epoch), or a reason."""
    names = {term.name for term in terms}
    deal: dict[str, Any] = {"give": {}, "get": {}}
    for key, value in action.params:
        if key in _FLAGS:
            continue
        side, _, name = key.partition("_")
        if side not in ("give", "get") or name not in names:
            return None, say("An offer has no field '{field}'.", field=key)
        if not isinstance(value, tuple) or any(not isinstance(kind, str) for kind in value):
            return None, say('\'{field}\' must be a list of kinds, e.g. ["tea", "tea"].', field=key)
        known = {kind for kind, _ in next(t for t in terms if t.name == name).kinds}
        if any(kind not in known for kind in value):
            example = sorted(known)[0]
            return None, say(
                "'{field}' must list kinds by name, e.g. \"{kind}\".", field=key, kind=example
            )
        if value:
            order = [kind for kind, _ in next(t for t in terms if t.name == name).kinds]
            deal[side][name] = sorted(value, key=order.index)
    standing = action.get("standing", False)
    if standing is not True and standing is not False:
        return None, say("'standing' is true or false.")
    to = action.get("to")
    if standing:
        uses = action.get("uses", 1)
        if type(uses) is not int or not 1 <= uses <= MAX_USES:
            return None, say("A standing order is taken 1 to {most} times.", most=MAX_USES)
        if to is not None:
            return None, say("A standing order is open to everyone: leave out 'to'.")
        deal.update(to=None, standing=True, uses=uses)
    else:
        if type(to) is not int:
            return None, _ANOTHER_PLAYER
        deal.update(to=to, standing=False, uses=1)
    answers = action.get("answers")
    if answers is not None and type(answers) is not int:
        return None, say("'answers' names the offer you answer by its number.")
    deal["answers"] = answers
    note = action.get("note")
    if note is not None:
        if not isinstance(note, str) or not note.strip() or len(note) > MAX_NOTE:
            return None, say_count(
                MAX_NOTE,
                "A promise is a few words (at most {n} character).",
                "A promise is a few words (at most {n} characters).",
            )
        deal["note"] = note.strip()
    if not deal["give"] and not deal["get"]:
        return None, say("An offer must include at least one thing on either side.")
    return deal, ""


def bounds_problem(terms: DealTerms, deal: Mapping[str, Any], action: Action | None = None) -> str:
    """Why ``deal`` exceeds what ``terms`` allow, or ''."""
    to = deal.get("to")
    if not deal.get("standing") and to not in terms.partners:
        return say("You cannot make an offer to that player now.")
    for side, bounds in (("give", terms.give), ("get", terms.ask_bounds(to))):
        sides = deal.get(side, {})
        if sum(len(kinds) for kinds in sides.values()) > terms.max_items:
            return say_count(
                terms.max_items,
                "Each side of an offer holds at most {n} thing.",
                "Each side of an offer holds at most {n} things.",
            )
        for name, kinds in sides.items():
            most = bounds.get(name, {})
            term = terms.term(name)
            for kind in set(kinds):
                if kinds.count(kind) > most.get(kind, 0):
                    what, count = term.kind_label(kind) if term else kind, kinds.count(kind)
                    if side == "give":
                        return say_count(
                            count,
                            "You do not have {n} {what} to offer.",
                            "You do not have {n} {what} to offer.",
                            what=what,
                        )
                    return say_count(
                        count,
                        "You cannot ask for {n} {what}: they do not have that many to give.",
                        "You cannot ask for {n} {what}: they do not have that many to give.",
                        what=what,
                    )
    return ""


# --- the open deals ------------------------------------------------------------------------


def open_deals(state: State) -> list[dict[str, Any]]:
    return state.get("deals", [])


def find(state: State, number: object) -> dict[str, Any] | None:
    return next((d for d in open_deals(state) if d["id"] == number), None)


def open_count(state: State, seat: int) -> int:
    return sum(1 for deal in open_deals(state) if deal["from"] == seat)


def answerable(state: State, seat: int) -> tuple[int, ...]:
    """Offers made to ``seat`` that it may counter."""
    return tuple(d["id"] for d in open_deals(state) if d["to"] == seat and not d["standing"])


def may_take(deal: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat`` is the one who may accept ``deal`` (anyone but its owner if standing)."""
    return deal["to"] == seat or (deal["standing"] and deal["from"] != seat)


def responses(rules: GameRules, state: State, seat: int) -> list[Action]:
    """Accept (when ``seat`` can pay), decline, withdraw: the answers ``seat`` may give now."""
    acts = []
    for deal in open_deals(state):
        params = (("offer", deal["id"]),)
        if deal["from"] == seat:
            acts.append(Action(WITHDRAW, params, _withdraw_label(deal["id"])))
            continue
        if not may_take(deal, seat):
            continue
        if used_up(deal):
            continue  # a renewing standing order used up until the next epoch
        if not rules.deal_obstacle(state, deal, seat):
            terms = describe(rules.deal_kinds, deal, seat)
            if deal["standing"]:
                label = say("Take standing order {offer}: {terms}", offer=deal["id"], terms=terms)
            else:
                label = say("Accept offer {offer}: {terms}", offer=deal["id"], terms=terms)
            acts.append(Action(ACCEPT, params, label))
        if not deal["standing"]:
            acts.append(Action(DECLINE, params, _decline_label(deal["id"])))
    return acts


# Labels that depend on the offer's number alone, each said once.
@lru_cache(maxsize=512)
def _withdraw_label(number: int) -> str:
    return say("Withdraw offer {offer}", offer=number)


@lru_cache(maxsize=512)
def _decline_label(number: int) -> str:
    return say("Decline offer {offer}", offer=number)


# --- acting --------------------------------------------------------------------------------


def check(rules: GameRules, state: State, seat: int, action: Action) -> str:
    """Why ``seat`` may not take the deal ``action`` now, or ''."""
    if action.type == OFFER:
        return proposal(rules, state, seat, action)[1]
    if action not in responses(rules, state, seat):
        return explain_answer(rules, state, seat, action)
    return ""


def used_up(deal: dict[str, Any]) -> bool:
    """A renewing standing order with no uses left: it waits, open but not takeable, for
    the next epoch (it is not impossible, so it does not lapse)."""
    return deal["standing"] and not deal["uses"]


def proposal(
    rules: GameRules, state: State, seat: int, action: Action
) -> tuple[dict[str, Any] | None, str]:
    """The deal record ``action`` proposes, or ``(None, the reason it cannot be made)``."""
    terms = rules.deal_terms(state, seat)
    if terms is None:
        return None, say("You cannot make an offer now.")
    deal, reason = parse(action, terms.terms)
    if deal is None:
        return None, reason
    if deal["to"] == seat:
        return None, _ANOTHER_PLAYER
    if deal["standing"] and not terms.standing:
        return None, say("This game has no standing orders.")
    answered = find(state, deal["answers"]) if deal["answers"] is not None else None
    if deal["answers"] is not None:
        if answered is None or answered["to"] != seat or answered["standing"]:
            return None, say("You can only counter an open offer made to you.")
        if deal["to"] != answered["from"]:
            return None, say("A counter-offer goes back to whoever made the offer.")
    elif open_count(state, seat) >= terms.max_open:
        return None, say_count(
            terms.max_open,
            "You already have {n} open offer; withdraw one first.",
            "You already have {n} open offers; withdraw one first.",
        )
    reason = bounds_problem(terms, deal)
    if reason:
        return None, reason
    record = {
        "id": state.get("next_deal", 1),
        "from": seat,
        **deal,
        "epoch": rules.deal_epoch(state),
    }
    if deal["standing"] and terms.standing_renews:
        record["renews"] = deal["uses"]
    reason = rules.deal_obstacle(state, record, None)
    return (None, reason) if reason else (record, "")


def perform(rules: GameRules, state: State, seat: int, action: Action) -> list[LogEntry]:
    """Carry out a checked deal action on ``state`` (a private copy) in place."""
    logs: list[LogEntry] = []
    if action.type == OFFER:
        record, reason = proposal(rules, state, seat, action)
        if record is None:
            raise IllegalAction(reason)
        state.setdefault("deals", [])
        player, other = tag(seat), tag(record["to"])
        if record["answers"] is not None:
            _close(state, record["answers"])
            logs.append(
                _party_log(
                    rules.deal_kinds,
                    record,
                    lambda give, get: say(
                        "{player} countered {other}'s offer {offer} with {give} for {get}.",
                        player=player,
                        other=other,
                        offer=record["answers"],
                        give=give,
                        get=get,
                    ),
                )
            )
        state["deals"].append(record)
        state["next_deal"] = record["id"] + 1
        if record["standing"]:
            terms = describe(rules.deal_kinds, record, None)
            logs.append(
                log(say("{player} posted a standing order: {terms}.", player=player, terms=terms))
            )
        elif record["answers"] is None:
            logs.append(
                _party_log(
                    rules.deal_kinds,
                    record,
                    lambda give, get: say(
                        "{player} offered {other} {give} for {get}.",
                        player=player,
                        other=other,
                        give=give,
                        get=get,
                    ),
                )
            )
        return logs
    deal = find(state, action["offer"])
    if deal is None:  # checked before: cannot happen
        raise IllegalAction(_NO_LONGER_OPEN)
    if action.type == WITHDRAW:
        _close(state, deal["id"])
        if deal["standing"]:
            text = say("{player} withdrew the offer to everyone.", player=tag(seat))
        else:
            text = say(
                "{player} withdrew the offer to {other}.", player=tag(seat), other=tag(deal["to"])
            )
        logs.append(log(text))
    elif action.type == DECLINE:
        _close(state, deal["id"])
        logs.append(
            log(
                say("{player} declined {other}'s offer.", player=tag(seat), other=tag(deal["from"]))
            )
        )
    else:
        reason = rules.deal_obstacle(state, deal, seat)
        if reason:  # checked before; kept as the last word before anything moves
            raise IllegalAction(reason)
        executed = dict(deal, to=seat)
        rules.deal_execute(state, executed, seat, logs)
        player, other = tag(seat), tag(deal["from"])
        logs.insert(
            0,
            _party_log(
                rules.deal_kinds,
                executed,
                lambda give, get: say(
                    "{player} accepted {other}'s offer: {give} for {get}.",
                    player=player,
                    other=other,
                    give=give,
                    get=get,
                ),
            ),
        )
        if deal["standing"] and deal["uses"] > 1:
            deal["uses"] -= 1
        elif deal.get("renews"):
            deal["uses"] = 0  # used up for now; the next epoch restores its uses
        else:
            _close(state, deal["id"])
        rules.after_deal(state, logs)
    return logs


def lapse(rules: GameRules, state: State, logs: list[LogEntry]) -> None:
    """Drop deals that expired (another epoch) or can no longer be carried out."""
    if not open_deals(state):
        return
    epoch = rules.deal_epoch(state)
    keep = []
    for deal in state["deals"]:
        if deal["epoch"] != epoch and deal.get("renews"):
            deal["epoch"], deal["uses"] = epoch, deal["renews"]
        if deal["epoch"] != epoch:
            owner = tag(deal["from"])
            if deal["standing"]:
                text = say("{player}'s offer to everyone expired.", player=owner)
            else:
                text = say(
                    "{player}'s offer to {other} expired.", player=owner, other=tag(deal["to"])
                )
            logs.append(log(text))
            continue
        reason = "" if used_up(deal) else rules.deal_obstacle(state, deal, None)
        if not reason:
            keep.append(deal)
            continue
        owner = tag(deal["from"])
        if deal["standing"]:
            text = say(
                "{player}'s standing order was switched off: it can no longer be honoured.",
                player=owner,
            )
            private = say("Your standing order was switched off: {reason}", reason=reason)
        else:
            other = tag(deal["to"])
            text = say(
                "{player}'s offer to {other} lapsed: it can no longer be carried out.",
                player=owner,
                other=other,
            )
            private = say("Your offer to {other} lapsed: {reason}", other=other, reason=reason)
        logs.append(log(text, **{f"p{deal['from']}": private}))
    state["deals"] = keep


def explain_answer(rules: GameRules, state: State, seat: int, action: Action) -> str:
    deal = find(state, action.get("offer"))
    if deal is None:
        return _NO_LONGER_OPEN
    if action.type == WITHDRAW:
        return say("Only the player who made an offer can withdraw it.")
    if not may_take(deal, seat):
        return say("That offer was not made to you.")
    if action.type == DECLINE:
        return say("A standing order is not declined: leave it, or take it.")
    if used_up(deal):
        return say("That standing order is used up until the next turn.")
    return rules.deal_obstacle(state, deal, seat) or say("You cannot accept that offer now.")


def _close(state: State, number: int) -> None:
    state["deals"] = [deal for deal in state["deals"] if deal["id"] != number]


# --- words -----------------------------------------------------------------------------------


def tag(seat: int | None) -> str:
    return f"{{p{seat}}}"


_NOTHING = say("nothing")
_ANOTHER_PLAYER = say("Choose another player to make the offer to.")
_NO_LONGER_OPEN = say("That offer is no longer open.")


Kinds = Sequence[Term]  # a game's ``deal_kinds``


def side_text(kinds: Kinds, items: Mapping[str, list[str]], full: bool) -> str:
    """One side in words; hidden terms only counted unless ``full``."""
    terms = {term.name: term for term in kinds}
    parts = []
    for name in sorted(items):  # a stored snapshot need not keep the keys' order
        listed = items[name]
        if not listed:
            continue
        term = terms[name]
        if term.secret and not full:
            parts.append(f"some {term.label.lower()}")
        elif (term.hidden and not full) or term.amount:
            parts.append(term.counted(len(listed)))  # an amount reads "2 coins"
        else:
            parts.append(term.named(listed))
    if not parts:
        return _NOTHING
    text = parts[0]
    for part in parts[1:]:
        text = say("{list} and {item}", list=text, item=part)
    return text


def is_party(deal: Mapping[str, Any], viewer: int | None) -> bool:
    return deal["standing"] or viewer in (deal["from"], deal["to"])


def describe(kinds: Kinds, deal: Mapping[str, Any], viewer: int | None) -> str:
    """The deal as ``viewer`` may read it; from the recipient's side when it is the viewer."""
    full = is_party(deal, viewer)
    give = side_text(kinds, deal["give"], full)
    get = side_text(kinds, deal["get"], full)
    note = deal.get("note") if full else None
    if viewer is not None and viewer != deal["from"] and may_take(deal, viewer) and full:
        if note:
            return say(
                'you get {give}, you give {get} (promise, not enforced: "{note}")',
                give=give,
                get=get,
                note=note,
            )
        return say("you get {give}, you give {get}", give=give, get=get)
    if note:
        return say(
            '{give} for {get} (promise, not enforced: "{note}")', give=give, get=get, note=note
        )
    return say("{give} for {get}", give=give, get=get)


#: The message ids of the log lines written about deals (offers, counters, answers,
#: withdrawals, expiries, lapses, switched-off standing orders), so a page can list a
#: game's deal history from its log without knowing the game.
DEAL_LINES = frozenset(
    {
        "{player} countered {other}'s offer {offer} with {give} for {get}.",
        "{player} posted a standing order: {terms}.",
        "{player} offered {other} {give} for {get}.",
        "{player} withdrew the offer to everyone.",
        "{player} withdrew the offer to {other}.",
        "{player} declined {other}'s offer.",
        "{player} accepted {other}'s offer: {give} for {get}.",
        "{player}'s offer to everyone expired.",
        "{player}'s offer to {other} expired.",
        "{player}'s standing order was switched off: it can no longer be honoured.",
        "{player}'s offer to {other} lapsed: it can no longer be carried out.",
    }
)
#: The private line telling a standing order's owner why it was switched off.
SWITCHED_OFF = "Your standing order was switched off: {reason}"


def line_id(text: str) -> str:
    """The message id of a log text (``""`` for a text not written with ``say``)."""
    return getattr(text, "msgid", "") or ""


def _party_log(
    kinds: Kinds, deal: Mapping[str, Any], sentence: Callable[[str, str], str]
) -> LogEntry:
    """A log line, ``sentence(give, get)``: outsiders read hidden terms as counts, the two
    parties in full."""
    shown = deal["standing"]  # a standing order's terms are public
    public = sentence(side_text(kinds, deal["give"], shown), side_text(kinds, deal["get"], shown))
    full = sentence(side_text(kinds, deal["give"], True), side_text(kinds, deal["get"], True))
    private = {f"p{deal['from']}": full}
    if deal["to"] is not None:
        private[f"p{deal['to']}"] = full
    return log(public, **private)


def visible(kinds: Kinds, state: State, viewer: int | None) -> list[dict[str, Any]]:
    """Open deals as ``viewer`` may see them: parties see every item, others the counts of
    hidden terms (and public items by name)."""
    terms = {term.name: term for term in kinds}
    shown = []
    for deal in open_deals(state):
        party = is_party(deal, viewer)
        item: dict[str, Any] = {
            "id": deal["id"],
            "from": deal["from"],
            "to": deal["to"],
            "standing": deal["standing"],
            "uses": deal["uses"],
            "answers": deal["answers"],
            "text": describe(kinds, deal, viewer),
            "give": {},
            "get": {},
            "give_count": _count(terms, deal["give"], party),
            "get_count": _count(terms, deal["get"], party),
        }
        if deal.get("note") and party:
            item["note"] = deal["note"]
        for side in ("give", "get"):
            for name, items in deal[side].items():
                if terms[name].secret and not party:
                    item[side][name] = None  # some changed hands; how many is private
                elif party or not terms[name].hidden:
                    item[side][name] = list(items)
                else:
                    item[side][name] = len(items)
        shown.append(item)
    return shown


def _count(terms: Mapping[str, Term], items: Mapping[str, list[str]], party: bool) -> int:
    """How many things a side holds, as a viewer may count them (secret terms left out)."""
    return sum(len(kinds) for name, kinds in items.items() if party or not terms[name].secret)
