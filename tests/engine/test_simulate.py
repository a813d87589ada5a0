"""Random playouts through ``simulate`` and the ``manage.py simulate`` command.

The command is driven through its parser and ``handle`` (no settings, no database).
"""

from __future__ import annotations

from io import StringIO

import pytest

from games.engine.simulate import simulate

pytest.importorskip("django")

from django.core.management.base import CommandError  # noqa: E402

from games.management.commands.simulate import Command, player_counts  # noqa: E402


def run(*argv: str) -> str:
    out = StringIO()
    command = Command(stdout=out)
    options = vars(command.create_parser("manage.py", "simulate").parse_args(argv))
    command.handle(**options)
    return out.getvalue()


def test_simulate_plays_checked_games_and_reports():
    report = simulate("silk-road", games=3, players=3, seed=5, max_actions=200)
    assert report.games == 3 and report.errors == []
    assert report.unfinished == 3  # cut off by the action cap, and said so
    assert report.actions == 600
    assert "3 games played" in report.summary()


def test_simulate_passes_game_options_on():
    report = simulate("silk-road", 2, 5, seed=1, max_actions=100, options={"personalities": "on"})
    assert report.errors == []


def test_player_counts_take_a_number_or_a_range():
    assert player_counts("3", 2, 6) == [3]
    assert player_counts("2-6", 2, 6) == [2, 3, 4, 5, 6]
    for bad in ("1", "2-7", "x", "5-3"):
        with pytest.raises(CommandError):
            player_counts(bad, 2, 6)


def test_the_command_prints_one_line_per_player_count():
    out = run(
        "silk-road", "--games", "2", "--players", "2-3", "--seed", "4", "--max-actions", "150"
    )
    lines = out.splitlines()
    assert lines[0].startswith("silk-road with 2 players: 2 games played, ")
    assert lines[1].startswith("silk-road with 3 players: 2 games played, ")
    assert "0 errors" in lines[0] and "steps per second" in lines[0]


def test_the_command_splits_games_over_jobs_with_the_same_results():
    argv = ("silk-road", "--games", "3", "--players", "2", "--seed", "9", "--no-check")
    one = run(*argv).split(", mean ")[1].split(" actions")[0]
    two = run(*argv, "--jobs", "2").split(", mean ")[1].split(" actions")[0]
    assert one == two


def test_the_command_fails_when_a_game_goes_wrong(monkeypatch):
    from games.engine.silk_road import RULES

    monkeypatch.setattr(type(RULES), "invariant_violations", lambda self, state: ["broken"])
    with pytest.raises(CommandError, match="went wrong"):
        run("silk-road", "--games", "1", "--players", "2", "--max-actions", "5")
