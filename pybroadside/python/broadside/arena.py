"""``broadside arena``'s round robin from Python: the same games and the same JSON."""

from __future__ import annotations

import json
from typing import Any

from broadside import _core


def arena_json(
    ruleset: str,
    agents: list[str],
    scenario: str | None = None,
    pairs: int = 10,
    seed: int = 1,
    max_decisions: int = 20_000,
    games: bool = False,
) -> str:
    """Plays the round robin in Rust (all cores, GIL released) and returns the report as
    JSON text: byte for byte what ``broadside arena --json`` prints with the same flags, or
    with ``games=True`` what ``--json-out`` writes (every game's seeds and actions)."""
    return _core.arena_json(ruleset, list(agents), scenario, pairs, seed, max_decisions, games)


def arena(
    ruleset: str,
    agents: list[Any],
    scenario: str | None = None,
    pairs: int = 10,
    seed: int = 1,
    max_decisions: int = 20_000,
    games: bool = False,
) -> dict:
    """:func:`arena_json`, parsed. An agent is a spec string, or a Python bot: a function
    ``f(view) -> action`` or an object with ``choose(view)``, where ``view`` is the bot
    protocol's ``decide`` message (``broadside.bot``). With a Python bot the round robin is
    played here, game by game, with Python's dice (the same pairings and side swaps, but
    not the same games as Rust's arena); a bot that raises or answers an illegal action
    forfeits that game, the reason in its record."""
    if all(isinstance(a, str) for a in agents):
        return json.loads(arena_json(ruleset, agents, scenario, pairs, seed, max_decisions, games))
    return _python_arena(ruleset, list(agents), scenario, pairs, seed, max_decisions, games)


def _label(agent: Any) -> str:
    if isinstance(agent, str):
        return agent
    name = getattr(agent, "name", None)
    if isinstance(name, str):
        return name
    return "python:" + getattr(agent, "__qualname__", type(agent).__qualname__)


def _python_move(bot: Any, game: Any, decision: int) -> tuple[int | None, str | None]:
    """A Python bot's action, or why it forfeits."""
    from broadside.bot import decide_with

    view = json.loads(_core.bot_request(game, decision))
    try:
        answer = decide_with(bot)(view)
    except Exception as e:  # a bot's error loses its game, the arena goes on
        return None, f"raised {type(e).__name__}: {e}"
    for a in view["legal"]:
        if answer == a["index"] or answer == a["name"]:
            return a["index"], None
    return None, f"answered an illegal action: {answer!r}"


def _python_arena(ruleset, agents, scenario, pairs, seed, max_decisions, games) -> dict:
    n = len(agents)
    _core.arena_len(n, pairs)  # checks the counts
    records = []
    index = 0
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(pairs):
                for sides in ([i, j], [j, i]):
                    pair_seed = hash((seed, i, j, k)) & 0xFFFF_FFFF
                    records.append(_python_game(ruleset, scenario, agents, sides, index,
                                                pair_seed, max_decisions))
                    index += 1
    # The report is Rust's: a Python bot stands in as `random` for the spec check only.
    specs = [a if isinstance(a, str) else "random" for a in agents]
    report = json.loads(_core.arena_report_json(
        ruleset, specs, [json.dumps(r) for r in records], scenario, seed, games))
    report["agents"] = [_label(a) for a in agents]
    return report


def _python_game(ruleset, scenario, agents, sides, index, pair_seed, max_decisions) -> dict:
    import random

    dice = random.Random(pair_seed)
    game = _core.Game(ruleset, scenario, False)
    built = [a if not isinstance(a, str) else
             _core.Agent(a, ruleset, pair_seed * 2 + s) for s, a in
             enumerate(agents[e] for e in sides)]
    decisions, forfeit = 0, None
    while not game.is_terminal() and decisions < max_decisions:
        if game.is_chance_node():
            outcomes = game.chance_outcomes()
            game.apply_action(dice.choices([a for a, _ in outcomes],
                                           [w for _, w in outcomes])[0])
            continue
        p = game.current_player()
        if isinstance(built[p], _core.Agent):
            action = built[p].choose(game)
        else:
            action, why = _python_move(built[p], game, decisions)
            if why is not None:
                forfeit = {"side": p, "reason": why}
                break
        game.apply_action(action)
        decisions += 1
    returns = list(game.returns())
    if forfeit is not None:
        returns = [1.0, 1.0]
        returns[forfeit["side"]] = -1.0
    record = {"index": index, "sides": sides, "scenario_seed": 0, "chance_seed": pair_seed,
              "returns": returns, "finished": game.is_terminal() or forfeit is not None,
              "decisions": decisions, "actions": game.history()}
    if forfeit is not None:
        record["forfeit"] = forfeit
    return record
