"""The Jinja environment of the play area and the boards (``games/jinja2/``): their
helpers (``games.web.drawing``, ``games.web.boards``) as Jinja globals and filters.

Why two template languages: a board is drawn on every page and every move's answer, and
Django's template engine pays for each variable it resolves, escapes and localizes. A
Silk Road board cost 1.7 ms there, more than a whole bare request (docs/performance.md).
Jinja compiles a template to Python once. The game page (the most read page, redrawn
on every reload and every return from a turn's mail) is drawn by Jinja as a whole, with
the site's head, header and foot (``templates/jinja2/site/``), which the Django pages'
``base.html`` draws too; so are the lists that grow with the site (the lobby, the archive,
a player's profile, "my games"). The other pages, mails and forms stay in Django's
templates.

Texts are marked with ``{% trans %}`` (``{% trans "context" %}`` for a message with a
context, ``trimmed`` as Django's ``blocktranslate trimmed``) and ``_()``: the project's
``makemessages`` reads them (``silkroad/jinja_messages.py``), and they are
looked up in Django's catalogues, so a message shared with a Django template is
translated once.
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections import namedtuple
from collections.abc import Callable, Iterable
from types import FunctionType
from typing import Any

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpResponse
from django.template import engines
from django.template.context_processors import csrf
from django.template.defaultfilters import date as date_filter
from django.template.defaultfilters import linebreaksbr as linebreaksbr_filter
from django.template.defaultfilters import time as time_filter
from django.template.defaultfilters import timesince_filter as timesince
from django.template.defaultfilters import urlencode
from django.templatetags.static import static
from django.utils import formats, translation
from django.utils.text import slugify
from django.utils.timezone import template_localtime
from django.utils.translation import gettext, ngettext, npgettext, pgettext, trans_real
from jinja2 import ChainableUndefined, Environment, Undefined, pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from games.web import drawing
from games.web.boards import araby, marco_polo, silk_road
from games.web.context_processors import waiting_games
from games.web.jinja_output import SiteCodeGenerator, escape_written
from games.words import translated

Group = namedtuple("Group", "grouper list")
CONTEXT_SEPARATOR = trans_real.CONTEXT_SEPARATOR  # between a message's context and its text


def render(name: str, context: dict[str, Any]) -> str:
    """The Jinja template ``name`` drawn with ``context`` (a Django page's, flattened) in
    the active language.

    The catalogue is looked up once for the whole drawing, not once per text: Django's
    ``gettext`` finds the active language anew on every call, and a board has a hundred."""
    hidden = _site_globals().intersection(context)
    if hidden:  # the header or a board would quietly draw the context's value instead
        raise ImproperlyConfigured(
            f"The context of {name} names {sorted(hidden)}, which hide the site's Jinja "
            "globals of the same names: rename them in the view."
        )
    language = translation.get_language() or settings.LANGUAGE_CODE
    values = {**context, **_bound_translations(language)}
    values["_english"] = language.startswith("en")
    values["language_code"] = language
    if "game" in values and "act_url" not in values:  # once, not for each of its controls
        values["act_url"] = drawing.url("games:act", values["game"].pk)
    return engines["jinja2"].env.get_template(name).render(values)


def render_answer(request, name: str, context: dict[str, Any]) -> str:
    """The Jinja template ``name`` drawn on its own as the answer to ``request`` (a
    move's HTMX answer, a changed poll), with no Django page around it: the request's user
    and CSRF token, and the header's count of games waiting, as the Django pages' context
    processors give them. Going through Django's template engine only to hand this
    context over cost about 1.3 ms around the drawing; this, about 0.8 ms (measured during
    the benchmark, docs/performance.md)."""
    values = {**context, "request": request, "user": request.user}
    values.update(csrf(request))
    for key, value in waiting_games(request).items():  # unless the view counted them
        values.setdefault(key, value)
    return render(name, values)


def render_page(request, name: str, context: dict[str, Any], status: int = 200) -> HttpResponse:
    """The answer of a whole page drawn by Jinja (one extending ``site/base.jinja``), as
    Django's ``render`` answers with a Django template: with the messages a redirect left
    for the header to show."""
    page = render_answer(request, name, {**context, "messages": get_messages(request)})
    return HttpResponse(page, status=status)


@functools.cache
def _site_globals() -> frozenset[str]:
    """The names of the site's own globals: a context naming one of them would hide it
    (as the lobby's ``languages`` once hid the foot's list of the site's languages)."""
    return frozenset(site_globals())


def waiting_count(count: Any) -> int:
    """The header's count of games waiting: the context gives it counted, or as a call
    that counts them when a page first shows it (``games.web.context_processors``)."""
    if isinstance(count, Undefined):  # nobody signed in
        return 0
    return count() if callable(count) else count or 0


FOUND_MOST = 20_000  # texts and plural forms remembered per catalogue, at most


@functools.lru_cache(maxsize=32)
def _finders(catalogue: Any) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``catalogue``'s gettext and ngettext, each answer remembered.

    A catalogue looks a text up through each of the catalogues merged into it, and a text
    it lacks (every English text) twice; a page looks up a hundred or more, the same ones
    on every page. The site's texts and names are a few thousand: past ``FOUND_MOST`` a
    text is looked up without being remembered. A catalogue Django loads anew (when the
    settings change) gets finders of its own."""
    return _remembered(catalogue.gettext), _remembered(catalogue.ngettext)


def _remembered(look_up: Callable[..., str]) -> Callable[..., str]:
    """``look_up``, each answer remembered by its arguments (``FOUND_MOST`` at most)."""
    found: dict[tuple, str] = {}

    def find(*key: Any) -> str:
        text = found.get(key)
        if text is None:
            text = look_up(*key)
            if len(found) < FOUND_MOST:
                found[key] = text
        return text

    return find


def _bound_translations(language: str) -> dict[str, Any]:
    """gettext and its kin for ``language``, as Jinja's i18n extension calls them
    (newstyle: values filled in, escaped; the translation is the page's own markup)."""
    find, find_plural = _finders(trans_real.translation(language))

    def gettext_(message: str, **values: Any) -> str:
        return _filled(find(message), values)

    def ngettext_(singular: str, plural: str, number: int, **values: Any) -> str:
        values.setdefault("num", number)
        return _filled(find_plural(singular, plural, number), values)

    def pgettext_(context: str, message: str, **values: Any) -> str:
        found = find(f"{context}{CONTEXT_SEPARATOR}{message}")
        return _filled(message if CONTEXT_SEPARATOR in found else found, values)

    def npgettext_(context: str, singular: str, plural: str, number: int, **values: Any):
        values.setdefault("num", number)
        found = find_plural(
            f"{context}{CONTEXT_SEPARATOR}{singular}",
            f"{context}{CONTEXT_SEPARATOR}{plural}",
            number,
        )
        if CONTEXT_SEPARATOR in found:
            found = find_plural(singular, plural, number)
        return _filled(found, values)

    return {
        "_catalogue_gettext": find,
        "_": gettext_,
        "gettext": gettext_,
        "ngettext": ngettext_,
        "pgettext": pgettext_,
        "npgettext": npgettext_,
    }


def _filled(message: str, values: dict[str, Any]) -> Markup:
    """``Markup(message) % values`` as Jinja's newstyle gettext writes it (the message is
    the page's own markup, its values escaped, "%%" a percent sign), without markupsafe's
    wrapper around each value: a board fills in about fifty texts, and the wrappers cost
    twice the filling. Numbers stay numbers, for a ``%(n)d``."""
    if not values:
        return Markup(message % values if "%" in message else message)
    escaped = {
        key: value if isinstance(value, int | float) else escape_written(value)
        for key, value in values.items()
    }
    return Markup(message % escaped)


def drawing_values_only(function: Callable) -> Callable:
    """Marks a ``pass_context`` helper that reads only the drawing's own values (those
    ``render`` gives), never a variable a template sets in a loop or a block: it is
    handed the drawing's context as it is (``SiteContext.call``)."""
    function.drawing_values_only = True  # type: ignore[attr-defined]
    return function


class SiteContext(Context):
    """Jinja's context, calling two kinds of function straight away:

    - the site's helpers that read only the drawing's values (``drawing_values_only``).
      Jinja hands a ``pass_context`` function called inside a loop that sets a variable a
      new context with that variable, made by copying every value of the drawing:
      Samarkand's map made forty of them a page, one for each mark of what changed;
    - a plain function, one that no decorator marked (``_()`` and its kin, a hundred
      calls a page): Jinja asks it and its ``__call__`` whether they want a context
      before calling it, which cost as much as the call.

    Anything else (a macro, a ``pass_context`` function, an object) is called as Jinja
    calls it."""

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (as Jinja's)
        if type(__obj) is FunctionType and not __obj.__dict__:
            pass  # a plain function: called with its own arguments only
        elif getattr(__obj, "drawing_values_only", False):
            args = (__self, *args)
        else:
            return super().call(__obj, *args, **kwargs)
        if kwargs:
            kwargs.pop("_loop_vars", None)
            kwargs.pop("_block_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:  # as Jinja answers it
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


@pass_context
def tr(context, text: Any) -> str:
    """``{{ name|tr }}``: an engine's English in the reader's language (``translated``),
    the language known once per drawing."""
    if context.get("_english") and text is not None:
        return str(text)
    if text.__class__ is str and text:  # a name: looked up in the drawing's catalogue
        find = context.get("_catalogue_gettext")
        if find is not None:
            return find(text)
    return translated(text)


def regroup(items: Any, key: str) -> list[Group]:
    """Runs of ``items`` with the same ``key``, in their order, as Django's
    ``{% regroup %}`` makes them (Jinja's ``groupby`` sorts first)."""
    return [
        Group(grouper, list(run))
        for grouper, run in itertools.groupby(items or (), key=lambda item: item.get(key))
    ]


def widthratio(value: Any, most: Any, width: Any) -> str:
    """Django's ``{% widthratio %}``: ``value`` of ``most`` as a share of ``width``."""
    try:
        return str(round(float(value) / float(most) * float(width)))
    except ZeroDivisionError:
        return "0"
    except (TypeError, ValueError):
        return ""


@drawing_values_only
@pass_context
def act_form(context, choice: Any, cls: str = "", label: str = "") -> str:
    """``{{ act_form(c, "sr-go") }}``: one listed action as a board control (see
    ``games.web.drawing.act_form_html``)."""
    return drawing.act_form_html(
        choice,
        cls,
        label,
        url=_act_url(context),
        csrf_token=context.get("csrf_token"),
        version=context.get("version"),
    )


def _act_url(context) -> str:
    url = context.get("act_url")
    if url:
        return url
    return drawing.url("games:act", context["game"].pk)


@drawing_values_only
@pass_context
def deal_stepper(context, stepper: Any, side: str) -> str:
    """``{{ deal_stepper(s, side.name) }}``: see ``games.web.drawing.deal_stepper``."""
    lookup = context.get("_catalogue_gettext") or gettext
    return drawing.deal_stepper(stepper, side, gettext=lookup, english=context.get("_english"))


@drawing_values_only
@pass_context
def hx_action(context, choice: Any) -> str:
    """``<use … {{ hx_action(c) }}>``: see ``games.web.drawing.hx_action_attributes``."""
    return drawing.hx_action_attributes(choice, url=_act_url(context), version=context["version"])


@drawing_values_only
@pass_context
def changed_class(context, *path: Any) -> str:
    """``class="x{{ changed_class("seats", s.seat, "coins") }}"``: " changed" when that
    part of the board changed since the viewer's last move (the Django tag ``changed``;
    ``changed`` itself is the context's set of marks)."""
    return drawing.changed_mark(context.get("changed"), path)


@drawing_values_only
@pass_context
def held_kind_changed(context, kind: str) -> str:
    return silk_road.held_kind_mark(context.get("changed"), context.get("view"), kind)


@drawing_values_only
@pass_context
def csrf_input(context) -> str:
    """``{{ csrf_input() }}``: the form's CSRF field (``games.web.drawing.csrf_field``)."""
    return drawing.csrf_field(context.get("csrf_token"))


def date(value: Any, format: str | None = None) -> str:
    """Django's ``|date``, in the reader's time zone as Django's templates show it."""
    return date_filter(template_localtime(value), format)


def time(value: Any, format: str | None = None) -> str:
    """Django's ``|time``, in the reader's time zone."""
    return time_filter(template_localtime(value), format)


def linebreaksbr(value: Any) -> str:
    """Django's ``|linebreaksbr``: the text escaped, its line breaks as ``<br>``."""
    return linebreaksbr_filter(value, autoescape=True)


# What a plain dict answers as an attribute (its methods): ``d.items`` is the method even
# when the dict holds an "items" key, as Jinja has it.
_DICT_ATTRIBUTES = frozenset(dir(dict))


class SiteEnvironment(Environment):
    """Jinja's environment, reading a plain dict's keys without a failed attribute lookup
    first. ``{{ seat.name }}`` looks for the attribute, then the key; on a dict the
    attribute lookup always fails for any name that is not a method of dict, and raising
    and catching that error was the costliest step of drawing values from the dicts a
    page's context is made of. The answers are the same: for a plain dict and any other
    name, Jinja's own order ends at the key too."""

    context_class = SiteContext
    code_generator_class = SiteCodeGenerator

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


def environment(**options: Any) -> Environment:
    options["undefined"] = ChainableUndefined  # as Django's templates: a missing part is ""
    env = SiteEnvironment(extensions=["jinja2.ext.i18n"], **options)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    env.globals.update(site_globals())
    env.filters.update(site_filters())
    return env


@functools.lru_cache(maxsize=256)
def static_url(path: str) -> str:
    """Django's ``static``, remembered: a page names the same eight files, and the storage
    works out each one's URL anew (its hashed name, in production) at every drawing. The
    URLs change only with the settings: ``_forget_static_urls``."""
    return static(path)


@receiver(setting_changed)
def _forget_static_urls(*, setting: str, **kwargs: Any) -> None:
    if setting in ("STATIC_URL", "STORAGES", "STATIC_ROOT"):
        static_url.cache_clear()


def cached_fragment(
    name: str, key: Any, seconds: int, found: Drawings | None = None, *, caller: Any
) -> Markup:
    """``{% call cached_fragment("name", key, seconds) %}…{% endcall %}``: what the block
    draws, kept in the shared cache for ``seconds`` under ``name`` and ``key``, as Django's
    ``{% cache %}`` keeps it (a key that changes with everything the block shows makes a
    hit right: "my games" reads no game then). ``found``: the fragments a view already
    looked up (``Drawings``); one missing there is drawn and left to the view to keep."""
    if found is not None:
        drawn = found.get(name)
        if drawn is None:
            drawn = str(caller())
            found.hold(name, key, drawn, seconds)
        return Markup(drawn)
    cache_key = make_template_fragment_key(name, [key])
    drawn = cache.get(cache_key)
    if drawn is None:
        drawn = str(caller())
        cache.set(cache_key, drawn, seconds)
    return Markup(drawn)


# Parts of boards that never change between states, drawn once per process and
# environment (drawn_once): a test's stricter overlay draws its own.
_DRAWN_ONCE: weakref.WeakKeyDictionary[Environment, dict[tuple, dict[Any, tuple]]] = (
    weakref.WeakKeyDictionary()
)


@drawing_values_only
@pass_context
def drawn_once(
    context, name: str, items: Iterable[Any], key: str, *draw: Any
) -> dict[Any, tuple[Markup, ...]]:
    """``{% set parts = drawn_once("samarkand-map", view.spaces, "id", head, names) %}``:
    for each item, by its ``key``, what each macro of ``draw`` draws of it; drawn once in
    this process for each language, then looked up.

    Only for parts drawn from data that never changes with the game's state (a map's
    hexes and the names on it): the key is the name, the language and the items' keys,
    not what they hold. Samarkand's map draws 77 spaces, and drawing their unchanging
    parts anew was about half of its board's cost. Not kept while templates reload
    (development), so that an edited template shows at once."""
    items = list(items)
    env = context.environment
    kept = _DRAWN_ONCE.setdefault(env, {})
    cache_key = (name, context.get("language_code") or "", tuple(item[key] for item in items))
    found = kept.get(cache_key)
    if found is None:
        found = {item[key]: tuple(Markup(part(item)) for part in draw) for item in items}
        if not env.auto_reload:
            kept[cache_key] = found
    return found


class Drawings:
    """Fragments (as ``cached_fragment`` keeps them) that a view looks up before drawing,
    so that it knows which parts it must read the data of: one round trip to the cache
    for each ``look_up``; those drawn for want of them are kept by ``keep``, one round
    trip for all (forty rows of "my games" drawn anew would otherwise make forty)."""

    def __init__(self) -> None:
        self._found: dict[str, str] = {}
        self._held: dict[int, dict[str, str]] = {}  # seconds: {cache key: drawing}

    def look_up(self, keys: dict[str, Any]) -> set[str]:
        """Look up the fragments of these names and keys; the names found."""
        names = {make_template_fragment_key(name, [key]): name for name, key in keys.items()}
        found = {names[key]: drawn for key, drawn in cache.get_many(list(names)).items()}
        self._found.update(found)
        return set(found)

    def get(self, name: str) -> str | None:
        return self._found.get(name)

    def hold(self, name: str, key: Any, drawn: str, seconds: int) -> None:
        self._held.setdefault(seconds, {})[make_template_fragment_key(name, [key])] = drawn

    def keep(self) -> None:
        """Put what was drawn into the cache."""
        for seconds, drawings in self._held.items():
            cache.set_many(drawings, seconds)
        self._held = {}


def site_globals() -> dict[str, Any]:
    """The site's own Jinja globals: the drawing helpers, ``url`` and ``static``."""
    return dict(
        url=drawing.url,
        csrf_input=csrf_input,
        player_link=drawing.player_link,
        poll_every=drawing.poll_every,
        log_items=drawing.log_items,
        deal_stepper=deal_stepper,
        static=static_url,
        cached_fragment=cached_fragment,
        drawn_once=drawn_once,
        waiting_count=waiting_count,
        site_languages=settings.LANGUAGES,  # the site's (a page may list tables' languages)
        act_form=act_form,
        hx_action=hx_action,
        changed_class=changed_class,
        held_kind_changed=held_kind_changed,
        reachable_spaces=silk_road.reachable_spaces,
        widthratio=widthratio,
        regroup=regroup,
        product_label=araby.product_label,
        camel_choice=araby.camel_choice,
    )


def site_filters() -> dict[str, Any]:
    return dict(
        tr=tr,
        index=drawing.index,
        for_card=drawing.for_card,
        by_param=drawing.by_param,
        humanize_kind=drawing.humanize_kind,
        never_charges=marco_polo.never_charges,
        taking_at=marco_polo.taking_at,
        column_choice=marco_polo.column_choice,
        symbol=araby.symbol,
        product=araby.product,
        card_plays=araby.card_plays,
        card_tasks=araby.card_tasks,
        card_gifts=araby.card_gifts,
        draft_choice=araby.draft_choice,
        grid_rows=araby.grid_rows,
        units=araby.units,
        permit_list=araby.permit_list,
        seat_letter=araby.seat_letter,
        date=date,
        time=time,
        timesince=timesince,
        linebreaksbr=linebreaksbr,
        localize=formats.localize,  # a number as the reader's language writes it (1,3)
        slugify=slugify,
        urlencode=urlencode,
        card_choices=silk_road.card_choices,
        card_text=silk_road.card_text,
    )
