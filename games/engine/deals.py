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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .vocabulary import Action, IllegalAction, LogEntry, State, log

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
                raise IllegalAction("Choose a player to make the offer to.")
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
                    raise IllegalAction(f"Nothing called '{name}' can change hands here.")
                items: list[str] = []
                for kind, count in kinds.items():
                    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                        raise IllegalAction(f"Say how many {term.kind_label(kind)} as a number.")
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
            return None, f"An offer has no field '{key}'."
        if not isinstance(value, tuple) or any(not isinstance(kind, str) for kind in value):
            return None, f"'{key}' must be a list of kinds, e.g. [\"tea\", \"tea\"]."
        known = {kind for kind, _ in next(t for t in terms if t.name == name).kinds}
        if any(kind not in known for kind in value):
            return None, f"'{key}' must list kinds by name, e.g. \"{sorted(known)[0]}\"."
        if value:
            order = [kind for kind, _ in next(t for t in terms if t.name == name).kinds]
            deal[side][name] = sorted(value, key=order.index)
    standing = action.get("standing", False)
    if standing is not True and standing is not False:
        return None, "'standing' is true or false."
    to = action.get("to")
    if standing:
        uses = action.get("uses", 1)
        if type(uses) is not int or not 1 <= uses <= MAX_USES:
            return None, f"A standing order is taken 1 to {MAX_USES} times."
        if to is not None:
            return None, "A standing order is open to everyone: leave out 'to'."
        deal.update(to=None, standing=True, uses=uses)
    else:
        if type(to) is not int:
            return None, "Choose another player to make the offer to."
        deal.update(to=to, standing=False, uses=1)
    answers = action.get("answers")
    if answers is not None and type(answers) is not int:
        return None, "'answers' names the offer you answer by its number."
    deal["answers"] = answers
    note = action.get("note")
    if note is not None:
        if not isinstance(note, str) or not note.strip() or len(note) > MAX_NOTE:
            return None, f"A promise is a few words (at most {MAX_NOTE} characters)."
        deal["note"] = note.strip()
    if not deal["give"] and not deal["get"]:
        return None, "An offer must include at least one thing on either side."
    return deal, ""


def bounds_problem(terms: DealTerms, deal: Mapping[str, Any], action: Action | None = None) -> str:
    """Why ``deal`` exceeds what ``terms`` allow, or ''."""
    to = deal.get("to")
    if not deal.get("standing") and to not in terms.partners:
        return "You cannot make an offer to that player now."
    for side, bounds in (("give", terms.give), ("get", terms.ask_bounds(to))):
        sides = deal.get(side, {})
        if sum(len(kinds) for kinds in sides.values()) > terms.max_items:
            return f"Each side of an offer holds at most {terms.max_items} things."
        for name, kinds in sides.items():
            most = bounds.get(name, {})
            term = terms.term(name)
            for kind in set(kinds):
                if kinds.count(kind) > most.get(kind, 0):
                    what = term.kind_label(kind) if term else kind
                    if side == "give":
                        return f"You do not have {kinds.count(kind)} {what} to offer."
                    return (
                        f"You cannot ask for {kinds.count(kind)} {what}: "
                        "they do not have that many to give."
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
            acts.append(Action(WITHDRAW, params, f"Withdraw offer {deal['id']}"))
            continue
        if not may_take(deal, seat):
            continue
        if used_up(deal):
            continue  # a renewing standing order used up until the next epoch
        if not rules.deal_obstacle(state, deal, seat):
            verb = "Take standing order" if deal["standing"] else "Accept offer"
            label = f"{verb} {deal['id']}: {describe(rules.deal_kinds, deal, seat)}"
            acts.append(Action(ACCEPT, params, label))
        if not deal["standing"]:
            acts.append(Action(DECLINE, params, f"Decline offer {deal['id']}"))
    return acts


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
        return None, "You cannot make an offer now."
    deal, reason = parse(action, terms.terms)
    if deal is None:
        return None, reason
    if deal["to"] == seat:
        return None, "Choose another player to make the offer to."
    if deal["standing"] and not terms.standing:
        return None, "This game has no standing orders."
    answered = find(state, deal["answers"]) if deal["answers"] is not None else None
    if deal["answers"] is not None:
        if answered is None or answered["to"] != seat or answered["standing"]:
            return None, "You can only counter an open offer made to you."
        if deal["to"] != answered["from"]:
            return None, "A counter-offer goes back to whoever made the offer."
    elif open_count(state, seat) >= terms.max_open:
        return None, f"You already have {terms.max_open} open offers; withdraw one first."
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
        if record["answers"] is not None:
            _close(state, record["answers"])
            countered = f"{tag(seat)} countered {tag(record['to'])}'s offer {record['answers']}"
            logs.append(_party_log(rules.deal_kinds, record, countered + " with"))
        state["deals"].append(record)
        state["next_deal"] = record["id"] + 1
        if record["standing"]:
            text = f"{tag(seat)} posted a standing order: {describe(rules.deal_kinds, record, None)}."
            logs.append(log(text))
        elif record["answers"] is None:
            offered = f"{tag(seat)} offered {tag(record['to'])}"
            logs.append(_party_log(rules.deal_kinds, record, offered))
        return logs
    deal = find(state, action["offer"])
    if deal is None:  # checked before: cannot happen
        raise IllegalAction("That offer is no longer open.")
    if action.type == WITHDRAW:
        _close(state, deal["id"])
        whom = "everyone" if deal["standing"] else tag(deal["to"])
        logs.append(log(f"{tag(seat)} withdrew the offer to {whom}."))
    elif action.type == DECLINE:
        _close(state, deal["id"])
        logs.append(log(f"{tag(seat)} declined {tag(deal['from'])}'s offer."))
    else:
        reason = rules.deal_obstacle(state, deal, seat)
        if reason:  # checked before; kept as the last word before anything moves
            raise IllegalAction(reason)
        executed = dict(deal, to=seat)
        rules.deal_execute(state, executed, seat, logs)
        text = f"{tag(seat)} accepted {tag(deal['from'])}'s offer:"
        logs.insert(0, _party_log(rules.deal_kinds, executed, text))
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
        owner = tag(deal["from"])
        whom = "everyone" if deal["standing"] else tag(deal["to"])
        if deal["epoch"] != epoch and deal.get("renews"):
            deal["epoch"], deal["uses"] = epoch, deal["renews"]
        if deal["epoch"] != epoch:
            logs.append(log(f"{owner}'s offer to {whom} expired."))
            continue
        reason = "" if used_up(deal) else rules.deal_obstacle(state, deal, None)
        if not reason:
            keep.append(deal)
            continue
        if deal["standing"]:
            text = f"{owner}'s standing order was switched off: it can no longer be honoured."
            private = f"Your standing order was switched off: {reason}"
        else:
            text = f"{owner}'s offer to {whom} lapsed: it can no longer be carried out."
            private = f"Your offer to {whom} lapsed: {reason}"
        logs.append(log(text, **{f"p{deal['from']}": private}))
    state["deals"] = keep


def explain_answer(rules: GameRules, state: State, seat: int, action: Action) -> str:
    deal = find(state, action.get("offer"))
    if deal is None:
        return "That offer is no longer open."
    if action.type == WITHDRAW:
        return "Only the player who made an offer can withdraw it."
    if not may_take(deal, seat):
        return "That offer was not made to you."
    if action.type == DECLINE:
        return "A standing order is not declined: leave it, or take it."
    if used_up(deal):
        return "That standing order is used up until the next turn."
    return rules.deal_obstacle(state, deal, seat) or "You cannot accept that offer now."


def _close(state: State, number: int) -> None:
    state["deals"] = [deal for deal in state["deals"] if deal["id"] != number]


# --- words -----------------------------------------------------------------------------------


def tag(seat: int | None) -> str:
    return f"{{p{seat}}}"


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
        elif term.hidden and not full:
            parts.append(term.counted(len(listed)))
        else:
            parts.append(term.named(listed))
    return " and ".join(parts) or "nothing"


def is_party(deal: Mapping[str, Any], viewer: int | None) -> bool:
    return deal["standing"] or viewer in (deal["from"], deal["to"])


def describe(kinds: Kinds, deal: Mapping[str, Any], viewer: int | None) -> str:
    """The deal as ``viewer`` may read it; from the recipient's side when it is the viewer."""
    full = is_party(deal, viewer)
    give = side_text(kinds, deal["give"], full)
    get = side_text(kinds, deal["get"], full)
    note = f' (promise, not enforced: "{deal["note"]}")' if deal.get("note") and full else ""
    if viewer is not None and viewer != deal["from"] and may_take(deal, viewer) and full:
        return f"you get {give}, you give {get}{note}"
    return f"{give} for {get}{note}"


def _party_log(kinds: Kinds, deal: Mapping[str, Any], prefix: str) -> LogEntry:
    """A log line: outsiders read hidden terms as counts, the two parties in full."""
    shown = deal["standing"]  # a standing order's terms are public
    public = f"{prefix} {side_text(kinds, deal['give'], shown)} for "
    public += f"{side_text(kinds, deal['get'], shown)}."
    full = f"{prefix} {_full(kinds, deal)}."
    private = {f"p{deal['from']}": full}
    if deal["to"] is not None:
        private[f"p{deal['to']}"] = full
    return log(public, **private)


def _full(kinds: Kinds, deal: Mapping[str, Any]) -> str:
    return f"{side_text(kinds, deal['give'], True)} for {side_text(kinds, deal['get'], True)}"


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
