"""Python bots: a function plays in `broadside.arena` beside spec strings, a bot that raises
or answers an illegal action forfeits with the reason, and `python -m broadside.bot` serves
the same function over the protocol to a `cmd:` agent."""

import json
import subprocess
import sys

import broadside
from broadside import _core


def first_fire(view):
    """Fires when it can, else the first legal action (by name, to test names too)."""
    for a in view["legal"]:
        if a["name"].startswith("fire"):
            return a["name"]
    return view["legal"][0]["index"]


class Chooser:
    name = "chooser"

    def choose(self, view):
        return view["legal"][-1]["index"]


def test_a_function_and_an_object_play_in_the_arena_beside_specs():
    report = broadside.arena("wsim", [first_fire, Chooser(), "random"], scenario="frigate-duel",
                             pairs=1, max_decisions=300)
    assert report["agents"] == ["python:first_fire", "chooser", "random"]
    assert sum(s["games"] for s in report["standings"]) == 12


def test_a_bot_that_raises_or_cheats_forfeits_with_the_reason():
    def boom(view):
        raise RuntimeError("no ammunition")

    report = broadside.arena("wsim", [boom, lambda v: 9999, "random"], pairs=1,
                             scenario="frigate-duel", max_decisions=50, games=True)
    reasons = [g["forfeit"]["reason"] for g in report["games"] if "forfeit" in g]
    assert any("no ammunition" in r for r in reasons), reasons
    assert any("illegal action: 9999" in r for r in reasons), reasons


def test_the_decide_message_names_the_legal_actions_and_features():
    game = broadside.Game("togo")
    while game.is_chance_node():
        game.apply_action(game.chance_outcomes()[0][0])
    view = json.loads(_core.bot_request(game))
    assert view["type"] == "decide" and view["side"] == game.current_player()
    assert sorted(a["index"] for a in view["legal"]) == sorted(game.legal_actions())
    assert view["observation"]["global"] and view["view"] is not None


def test_python_m_broadside_bot_serves_a_function_to_a_cmd_agent(tmp_path):
    (tmp_path / "mybots.py").write_text(
        "def first(view):\n    return view['legal'][0]['index']\n")
    spec = f"cmd:{sys.executable} -m broadside.bot mybots:first"
    report = json.loads(subprocess.run(
        [sys.executable, "-c",
         "import broadside, sys; print(broadside.arena_json('wsim', [sys.argv[1], 'random'],"
         " scenario='frigate-duel', pairs=1, max_decisions=200, games=True))", spec],
        cwd=tmp_path, capture_output=True, text=True, check=True).stdout)
    assert report["agents"][0].startswith("cmd:")
    assert all("forfeit" not in g for g in report["games"]), report["games"]
