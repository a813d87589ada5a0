"""``makemessages`` that also finds the engines' texts: ``say(...)`` sentences,
``say_count(n, singular, plural)`` counts and ``term(...)`` names (the engines stay free
of Django, so they cannot call ``gettext``), and the texts of the Jinja templates
(``games/jinja2/``, ``templates/jinja2/``: ``.jinja`` files)."""

import os

from django.core.management.commands import makemessages

from silkroad import jinja_messages


class BuildFile(makemessages.BuildFile):
    """A ``.jinja`` template is fed to xgettext as its texts' Python calls, line for line,
    as Django feeds its own templates."""

    def preprocess(self) -> None:
        if os.path.splitext(self.path)[1] != ".jinja":
            return super().preprocess()
        with open(self.path, encoding="utf-8") as template:
            source = template.read()
        with open(self.work_path, "w", encoding="utf-8") as calls:
            calls.write(jinja_messages.messages_as_python(source))


class Command(makemessages.Command):
    build_file_class = BuildFile
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=say",
        "--keyword=say_count:2,3",
        "--keyword=term",
    ]

    def handle(self, *args, **options):
        if options["domain"] == "django":
            options["extensions"] = [*(options["extensions"] or ["html", "txt", "py"]), "jinja"]
        return super().handle(*args, **options)
