"""Agents and arenas from Python: the same games and the same JSON as `broadside arena`,
in one process and spread over a local Ray."""

import json

import pytest

import broadside
from conftest import REGISTERED, run_cli

# A small arena: three agents, one pair per pairing, short games.
ARENA = dict(agents=["random", "bot:best", "random:7"], pairs=1, seed=4, max_decisions=200)


def cli_arena(bin_path, ruleset, tmp_path):
    out = tmp_path / "full.json"
    args = ["arena", "--ruleset", ruleset, "--pairs", ARENA["pairs"], "--seed", ARENA["seed"],
            "--max-decisions", ARENA["max_decisions"], "--json", "--json-out", out]
    for a in ARENA["agents"]:
        args += ["--agent", a]
    return run_cli(bin_path, *args), json.loads(out.read_text())


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_the_arena_json_is_the_commands_byte_for_byte(ruleset, tmp_path, broadside_bin):
    printed, full = cli_arena(broadside_bin, ruleset, tmp_path)
    text = broadside.arena_json(ruleset, **ARENA)
    assert text.strip() == printed.strip()
    assert broadside.arena(ruleset, games=True, **ARENA) == full


def test_a_ray_arena_gives_the_commands_results_game_for_game(tmp_path, broadside_bin, local_ray):
    from broadside.distributed import ray_arena

    ruleset = "fsail"
    _, full = cli_arena(broadside_bin, ruleset, tmp_path)
    report = ray_arena(ruleset, games=True, chunk=2, **ARENA)
    assert report == full
    assert len(report["games"]) == 6


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_an_agent_chooses_legal_actions_and_explains_a_search(ruleset):
    g = broadside.Game(ruleset)
    while g.is_chance_node():
        g.apply_action(g.legal_actions()[0])
    for spec in ["random", "bot:best", "mcts:sims=16", "portfolio:sims=4"]:
        agent = broadside.Agent(spec, ruleset, seed=1)
        a = agent.choose(g)
        assert a in g.legal_actions()
        assert agent.choose(g) in g.legal_actions()
    mcts = broadside.Agent("mcts:sims=16", ruleset, seed=1)
    mcts.choose(g)
    assert mcts.explain(), "a search says why"
    assert broadside.Agent("mcts:sims=16", ruleset, seed=1).choose(g) == broadside.Agent("mcts:sims=16", ruleset, seed=1).choose(g)


def test_bad_agent_specs_and_arenas_are_value_errors():
    with pytest.raises(ValueError, match="unknown agent"):
        broadside.Agent("deep-blue", "wsim")
    with pytest.raises(ValueError, match="unknown bot"):
        broadside.Agent("bot:nelson", "wsim")
    with pytest.raises(ValueError, match="sims"):
        broadside.Agent("mcts:sims=0", "wsim")
    with pytest.raises(ValueError, match="random"):
        broadside.Agent("bot:best", "connect_four")
    with pytest.raises(ValueError, match="at least two"):
        broadside.arena("wsim", ["random"])
    with pytest.raises(ValueError, match="pairs"):
        broadside.arena("wsim", ["random", "random"], pairs=0)
    g = broadside.Game("fsail")
    with pytest.raises(ValueError, match="plays wsim"):
        broadside.Agent("random", "wsim").choose(g)
