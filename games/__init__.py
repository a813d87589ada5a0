"""Silkroad's games: a stack of layers, each importing only those below it.

    receivers, web, api, management     the edges: map events to tasks; pages; JSON API
    tasks                               thin Celery entry points (ids in, one call out)
    clocks | autoplay | mail            decide and do: scans, seats nobody plays, mails
    play                                the one write path: lock, check, write, publish
    read                                what pages, the API and mails show
    events | timing                     domain events and their outbox; clock arithmetic
    models, errors, words               rows; refusals with their HTTP status; the
                                        engines' English in the reader's language
    engine                              pure rules, no Django (``games/engine``)

Data flows back up through events: the write path publishes what happened
(``games.events``) and ``games.receivers`` decides who reacts, so a new reaction never
edits the code that acts. The contracts are checked by import-linter (``pyproject.toml``).
See ``docs/architecture.md``.
"""
