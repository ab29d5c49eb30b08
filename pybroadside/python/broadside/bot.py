"""Python bots: serve a function over the bot protocol v1 (``docs/bots.md``), so the same
function plays inside Python (``broadside.arena``) and under ``broadside arena`` as
``cmd:python3 -m broadside.bot MODULE:FUNCTION``.

A bot is a function ``f(view) -> action`` or an object with ``choose(view)``; ``view`` is
the protocol's ``decide`` message as a dictionary (``legal``: the legal actions with
``index``, ``name`` and ``text``; ``observation``: named features; ``view``: the ruleset's
JSON view from the bot's side; ``side``; ``time_left_ms``). The answer is a legal action's
index or name.

    python -m broadside.bot mybots:greedy
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import IO, Any, Callable

PROTOCOL = 1


def decide_with(agent: Any) -> Callable[[dict], Any]:
    """The function behind a bot: ``agent`` itself, or its ``choose`` method."""
    choose = getattr(agent, "choose", None)
    if callable(choose):
        return choose
    if callable(agent):
        return agent
    raise TypeError(f"a bot is a function of the decide message or has choose(): {agent!r}")


def load(target: str) -> Any:
    """``MODULE:NAME`` imported: a function, an object with ``choose``, or a class (made
    with no arguments)."""
    module, sep, name = target.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"name the bot as MODULE:FUNCTION, not `{target}`")
    obj = getattr(importlib.import_module(module), name)
    return obj() if isinstance(obj, type) else obj


def serve(agent: Any, name: str = "python-bot", stdin: IO[str] | None = None,
          stdout: IO[str] | None = None) -> None:
    """Plays one game over the protocol: answers ``hello``, every ``decide``, and stops at
    ``end`` or when the input closes."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    decide = decide_with(agent)

    def say(obj: dict) -> None:
        stdout.write(json.dumps(obj) + "\n")
        stdout.flush()

    for line in stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            say({"type": "hello", "name": name, "protocol": PROTOCOL})
        elif kind == "decide":
            action = decide(msg)
            say({"type": "action", "action": action})
        elif kind == "end":
            return


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "--name"):
        sys.stderr.write("usage: python -m broadside.bot MODULE:FUNCTION [--name NAME]\n")
        return 2
    # The working folder is where a bot author's modules are.
    sys.path.insert(0, "")
    agent = load(args[0])
    serve(agent, name=args[2] if len(args) == 3 else args[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
