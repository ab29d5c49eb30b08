"""The restricted-play study from Python: the same games and the same JSON as `broadside
tactics`, in one process and spread over a local Ray."""

import json

import pytest

import broadside
from broadside import _core
from conftest import REGISTERED, run_cli

# A small study: one pair a tactic, short games (cut games are draws, still paired).
STUDY = dict(agent="bot:best", pairs=1, seed=5, max_decisions=150)


def cli_tactics(bin_path, ruleset):
    return run_cli(bin_path, "tactics", "--ruleset", ruleset, "--agent", STUDY["agent"],
                   "--pairs", STUDY["pairs"], "--seed", STUDY["seed"],
                   "--max-decisions", STUDY["max_decisions"], "--json")


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_the_study_json_is_the_commands_byte_for_byte(ruleset, broadside_bin):
    printed = cli_tactics(broadside_bin, ruleset)
    text = broadside.tactics_json(ruleset, **STUDY)
    assert text.strip() == printed.strip()
    report = broadside.tactics(ruleset, **STUDY)
    assert report == json.loads(printed)
    assert report["games"] == 2 * len(report["tactics"]) > 0


def test_games_played_one_by_one_make_the_same_report_in_any_order():
    ruleset = "poe"
    n = _core.tactics_len(ruleset, STUDY["agent"], None, STUDY["pairs"], STUDY["max_decisions"])
    games = [_core.tactics_game(ruleset, i, STUDY["agent"], None, STUDY["pairs"], STUDY["seed"],
                                STUDY["max_decisions"]) for i in range(n)]
    whole = broadside.tactics(ruleset, **STUDY)
    args = (STUDY["agent"], None, STUDY["pairs"], STUDY["seed"])
    assert json.loads(_core.tactics_report_json(ruleset, games[::-1], *args)) == whole
    # A game missing, twice, or out of its tactic's place is refused, not summarised.
    with pytest.raises(ValueError, match="each once"):
        _core.tactics_report_json(ruleset, games[1:], *args)
    with pytest.raises(ValueError, match="each once"):
        _core.tactics_report_json(ruleset, games[:-1] + games[:1], *args)
    moved = json.loads(games[0])
    moved["tactic"] = 1
    with pytest.raises(ValueError, match="each once"):
        _core.tactics_report_json(ruleset, [json.dumps(moved)] + games[1:], *args)
    with pytest.raises(ValueError, match="does not exist"):
        _core.tactics_game(ruleset, n, STUDY["agent"], None, STUDY["pairs"], STUDY["seed"])


def test_a_ray_study_gives_the_commands_report(broadside_bin, local_ray):
    ruleset = "togo"
    printed = json.loads(cli_tactics(broadside_bin, ruleset))
    report = broadside.tactics(ruleset, ray=True, chunk=8, **STUDY)
    assert report == printed


def test_bad_studies_are_value_errors():
    with pytest.raises(ValueError, match="unknown bot"):
        broadside.tactics("wsim", agent="bot:nelson", pairs=1)
    with pytest.raises(ValueError, match="pairs"):
        broadside.tactics("wsim", pairs=0)
    with pytest.raises(ValueError, match="max_decisions"):
        broadside.tactics("wsim", pairs=1, max_decisions=0)
    with pytest.raises(ValueError, match="Connect Four"):
        broadside.tactics("connect_four", agent="random", pairs=1)
    with pytest.raises(ValueError):
        broadside.tactics("nelson", pairs=1)
    # Checked before Ray is touched: no cluster is started for a bad study.
    with pytest.raises(ValueError, match="chunk"):
        broadside.tactics("wsim", pairs=1, ray=True, chunk=0)
    with pytest.raises(ValueError, match="unknown bot"):
        broadside.tactics("wsim", agent="bot:nelson", pairs=1, ray=True)
