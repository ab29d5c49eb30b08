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


def _quoted(word: str) -> str:
    """A word of a ``cmd:`` command line (split like a shell's plain words and quotes, no
    escapes)."""
    if word and not any(c.isspace() or c in "'\"" for c in word):
        return word
    for q in ("'", '"'):
        if q not in word:
            return q + word + q
    raise ValueError(f"`{word}` holds both kinds of quote; a cmd: command line cannot name it")


def spec(agent: Any, time: float | None = None) -> str:
    """The agent spec that plays ``agent`` (a module-level function, object with
    ``choose`` or class) over the protocol: ``cmd:PYTHON -m broadside.bot MODULE:NAME``,
    with this interpreter, so ``broadside arena``, ``broadside ladder`` and
    ``broadside.ladder.add`` take the bot beside spec strings; ``time`` sets its limit a
    decision in seconds. The module must be importable where the command runs (the
    working folder is on the bot's module path): a lambda, a nested function or one of
    ``__main__`` cannot be named, and is refused with the reason."""
    if isinstance(agent, type) or (callable(agent) and hasattr(agent, "__qualname__")):
        module = getattr(agent, "__module__", None)
        obj_name = agent.__qualname__
    else:
        # An object (with choose(), or callable): found by a module-level name bound to it.
        decide_with(agent)
        module = type(agent).__module__
        found = [k for k, v in vars(sys.modules.get(module) or object()).items() if v is agent]
        obj_name = found[0] if found else None
    if not module or not obj_name or "<" in obj_name or "." in obj_name:
        raise ValueError(f"{agent!r} has no importable name: define the bot at the top level "
                         "of a module (not a lambda, not nested) to play it as a program")
    if module == "__main__":
        raise ValueError(f"{agent!r} is defined in the script being run (`__main__`): move it "
                         "into a module of its own so `python -m broadside.bot` can import it")
    try:
        found_again = getattr(importlib.import_module(module), obj_name)
    except (ImportError, AttributeError) as e:
        raise ValueError(f"{module}:{obj_name} cannot be imported again: {e}") from e
    if found_again is not agent:
        raise ValueError(f"{module}:{obj_name} names another object than {agent!r}")
    if time is not None and not (isinstance(time, (int, float)) and 0 < time <= 3600):
        raise ValueError(f"time must be a number of seconds in (0, 3600], not {time!r}")
    words = ([f"time={time:g}"] if time is not None else []) + [
        _quoted(sys.executable), "-m", "broadside.bot", f"{module}:{obj_name}"]
    return "cmd:" + " ".join(words)


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
