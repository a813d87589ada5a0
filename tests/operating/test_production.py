"""Production defaults: entry points, secrets, HTTPS headers, the deploy check, the CSP."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "SECRET_KEY": "k" * 20 + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6",
    "ALLOWED_HOSTS": "silkroad.example",
    "DATABASE_URL": "sqlite:///:memory:",
}


def run(code: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {
        k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "SECRET_KEY")
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("module", ["silkroad.wsgi", "silkroad.asgi", "silkroad.celery"])
def test_entry_points_default_to_production_with_debug_off(module):
    done = run(
        f"import {module}; from django.conf import settings; "
        "print(settings.SETTINGS_MODULE, settings.DEBUG)",
        PRODUCTION,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["silkroad.settings.production", "False"]


def test_manage_py_defaults_to_production_but_runsite_to_development():
    done = run(
        "import runpy, sys; sys.argv = ['manage.py', 'check']; "
        "runpy.run_path('manage.py', run_name='__main__')",
        {},
    )
    assert done.returncode != 0 and "SECRET_KEY" in done.stderr  # production needs a secret
    import manage

    old = os.environ.pop("DJANGO_SETTINGS_MODULE", None)
    try:
        sys_argv, sys.argv = sys.argv, ["manage.py", "runsite", "--help"]
        try:
            manage.main()
        except SystemExit:
            pass
        assert os.environ["DJANGO_SETTINGS_MODULE"] == "silkroad.settings.dev"
    finally:
        sys.argv = sys_argv
        if old is not None:
            os.environ["DJANGO_SETTINGS_MODULE"] = old


def test_production_refuses_a_missing_or_weak_secret():
    for secret in ("", "short", "django-insecure-" + "x" * 60):
        done = run("import silkroad.wsgi", {**PRODUCTION, "SECRET_KEY": secret})
        assert done.returncode != 0 and "SECRET_KEY" in done.stderr


def test_the_deploy_check_is_clean_with_production_settings():
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **{k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
            **PRODUCTION,
            "DJANGO_SETTINGS_MODULE": "silkroad.settings.production",
        },
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_without_inline_scripts(client):
    page = client.get("/accounts/signup/")
    policy = page["Content-Security-Policy"]
    assert (
        "script-src 'self'" in policy
        and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    )
    assert "<script>" not in page.content.decode()
    assert page["X-Frame-Options"] == "DENY"


# htmx builds a trigger's filter (hx-trigger="keydown[key=='Enter']"), an hx-on handler and
# a "js:" value with eval, which that policy forbids: such a control breaks, and a filter
# fails open (a board target's move went out on every key, Tab included).
NEEDS_EVAL = re.compile(r"""hx-trigger=\\?["'][^"']*\[|\bhx-on\b|["']js:""")
MARKUP_SOURCES = ("games", "accounts", "silkroad", "templates")


def test_no_page_asks_htmx_for_what_the_policy_forbids():
    found = []
    for folder in MARKUP_SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".html", ".jinja", ".py", ".txt"):
                continue
            for number, line in enumerate(path.read_text().splitlines(), start=1):
                if NEEDS_EVAL.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


@pytest.mark.parametrize(
    "markup",
    [
        "hx-trigger=\"click, keydown[key=='Enter']\"",
        "'hx-trigger=\"click, keydown[key==\\'Enter\\']\" role=\"button\"'",  # in Python
        '<button hx-on:click="go()">',
        "hx-vals='js:{\"a\": 1}'",
    ],
)
def test_the_check_for_eval_finds_what_it_looks_for(markup):
    assert NEEDS_EVAL.search(markup)


def test_a_pool_per_process_and_a_transaction_pooler_are_set_by_the_environment():
    done = run(
        "import django; django.setup(); from django.conf import settings; "
        "d = settings.DATABASES['default']; "
        "print(d['CONN_MAX_AGE'], d['OPTIONS']['pool']['max_size'], "
        "d['DISABLE_SERVER_SIDE_CURSORS'])",
        {
            **PRODUCTION,
            "DJANGO_SETTINGS_MODULE": "silkroad.settings.production",
            "DATABASE_URL": "postgres://silkroad@db.example:6432/silkroad",
            "DATABASE_POOL": "8",
            "DATABASE_POOLER": "transaction",
        },
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "8", "True"]


def test_without_a_pooler_the_database_keeps_its_server_side_cursors():
    done = run(
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.DATABASES['default']['DISABLE_SERVER_SIDE_CURSORS'])",
        {
            **PRODUCTION,
            "DJANGO_SETTINGS_MODULE": "silkroad.settings.production",
            "DATABASE_URL": "postgres://silkroad@db.example:5432/silkroad",
        },
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False"]
