"""A web process leaves what loading the site made out of the garbage collector's walks
(``silkroad.collector``): those objects live as long as the process, and walking them at
every full collection cost a page in fifty a quarter of a second."""

import gc
import importlib
import weakref

import pytest


@pytest.mark.parametrize("entry_point", ["silkroad.wsgi", "silkroad.asgi"])
def test_a_web_process_freezes_what_loading_the_site_made(entry_point):
    gc.unfreeze()
    try:
        module = importlib.import_module(entry_point)
        importlib.reload(module)  # as a new process loads it
        assert module.application is not None
        assert gc.get_freeze_count() > 10_000  # the modules, URLs, models and settings
    finally:
        gc.unfreeze()


def test_garbage_is_collected_before_the_freeze_not_kept_with_it():
    from silkroad.collector import freeze_loaded_objects

    class Cycle:
        pass

    gc.unfreeze()
    try:
        garbage = Cycle()
        garbage.me = garbage  # unreachable once dropped, but only the collector finds it
        gone = weakref.ref(garbage)
        del garbage
        frozen = freeze_loaded_objects()
        assert gone() is None
        assert frozen == gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_the_url_patterns_and_templates_are_loaded_before_the_freeze():
    from django.template import engines
    from django.urls import clear_url_caches, reverse

    from silkroad.collector import freeze_loaded_objects

    jinja = next(engine for engine in engines.all() if hasattr(engine, "env"))
    gc.unfreeze()
    try:
        clear_url_caches()
        jinja.env.cache.clear()
        freeze_loaded_objects()
        gc.collect()
        before = len(gc.get_objects())
        reverse("games:lobby")
        jinja.env.get_template("games/game.jinja")
        gc.collect()
        assert len(gc.get_objects()) - before < 50  # nothing left to load and keep
    finally:
        gc.unfreeze()
