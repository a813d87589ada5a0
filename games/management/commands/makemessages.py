"""``makemessages`` that also finds the engines' texts: ``say(...)`` sentences,
``say_count(n, singular, plural)`` counts and ``term(...)`` names (the engines stay free
of Django, so they cannot call ``gettext``)."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=say",
        "--keyword=say_count:2,3",
        "--keyword=term",
    ]
