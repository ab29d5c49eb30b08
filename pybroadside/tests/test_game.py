"""The low-level game API (after pyspiel), saved games shared with `broadside`, pickling."""

import json
import pickle

import numpy as np
import pytest

import broadside
from conftest import REGISTERED, RULESETS, run_cli


def random_playout(g, rng, limit=400):
    for _ in range(limit):
        if g.is_terminal():
            break
        if g.is_chance_node():
            outcomes = g.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert sorted(a for a, _ in outcomes) == sorted(g.legal_actions())
            actions, probs = zip(*outcomes)
            g.apply_action(int(rng.choice(actions, p=probs)))
        else:
            p = g.current_player()
            assert p in (0, 1)
            mask = g.legal_actions_mask()
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(g.legal_actions())
            g.apply_action(int(rng.choice(g.legal_actions())))
    return g


@pytest.mark.parametrize("ruleset", RULESETS)
def test_clone_is_independent_and_replays_the_same(ruleset):
    g = broadside.Game(ruleset, resignation=False)
    rng = np.random.default_rng(0)
    random_playout(g, rng, limit=30)
    c = g.clone()
    assert c == g
    h = g.history()
    random_playout(c, rng, limit=30)
    assert g.history() == h
    again = broadside.Game(ruleset, resignation=False)
    for a in c.history():
        again.apply_action(a)
    assert again == c
    assert again.returns() == c.returns()
    for a in g.legal_actions()[:3]:
        assert isinstance(g.describe_action(a), str) and g.action_name(a)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_observations_match_the_spec(ruleset):
    g = broadside.Game(ruleset)
    spec = g.spec()
    for p in (0, 1):
        obs = g.observation(p)
        assert set(obs) == set(spec["observation"])
        for k, arr in obs.items():
            assert arr.shape == tuple(spec["observation"][k]["shape"]) and arr.dtype == np.float32
    with pytest.raises(ValueError, match="player 2"):
        g.observation(2)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_games_pickle(ruleset):
    g = random_playout(broadside.Game(ruleset), np.random.default_rng(1), limit=25)
    assert pickle.loads(pickle.dumps(g)) == g


def test_terminal_and_chance_ids_follow_openspiel():
    g = broadside.Game("connect_four")
    for a in [0, 1, 0, 1, 0, 1, 0]:
        g.apply_action(a)
    assert g.is_terminal() and g.current_player() == broadside.TERMINAL_PLAYER == -4
    assert g.returns() == [1.0, -1.0]
    assert broadside.CHANCE_PLAYER == -1
    with pytest.raises(ValueError, match="over"):
        g.apply_action(2)


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_a_game_saved_from_python_replays_in_broadside(ruleset, tmp_path, broadside_bin):
    g = random_playout(broadside.Game(ruleset, resignation=False), np.random.default_rng(2), limit=60)
    path = tmp_path / "game.json"
    g.save(path, players=["python", "python"])
    states = json.loads(run_cli(broadside_bin, "replay", "--json", path))
    assert len(states) == len(g.history()) + 1
    again = broadside.Game.load(path)
    assert again == g and again.history() == g.history()


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_games_saved_by_broadside_load_in_python(ruleset, tmp_path, broadside_bin):
    records = tmp_path / "records"
    report = json.loads(
        run_cli(
            broadside_bin, "arena", "--ruleset", ruleset, "--agent", "random", "--agent", "random:3",
            "--pairs", "1", "--max-decisions", "60", "--records", records, "--json-out",
            tmp_path / "a.json", "--json",
        )
    )
    full = json.loads((tmp_path / "a.json").read_text())
    assert report["agents"] == full["agents"]
    for rec in full["games"]:
        g = broadside.Game.load(records / f"game-{rec['index']:05d}.json")
        assert g.history() == rec["actions"]
        replayed = broadside.Game(ruleset, resignation=False)
        for a in rec["actions"]:
            replayed.apply_action(a)
        assert replayed == g


def test_bad_saved_games_and_names_are_python_errors(tmp_path):
    with pytest.raises(ValueError, match="broadside-saved-game"):
        broadside.Game.from_json("{}")
    with pytest.raises(ValueError):
        broadside.Game.from_json("not json")
    with pytest.raises(OSError):
        broadside.Game.load(tmp_path / "missing.json")
    with pytest.raises(ValueError, match="no saved-game format"):
        broadside.Game("connect_four").to_json()
    with pytest.raises(ValueError, match="unknown ruleset"):
        broadside.Game("checkers")
    g = broadside.Game("wsim")
    with pytest.raises(ValueError, match="outside"):
        g.apply_action(10**6)
    with pytest.raises(OverflowError):
        g.apply_action(10**30)
    with pytest.raises(TypeError):
        g.apply_action("fire")
