#!/usr/bin/env python3
"""An aggressive bot for every Broadside ruleset, over the bot protocol v1 (docs/bots.md).

Standard library only. It reads the legal actions' names, prefers the ones that fight
(fire, board, target, counter, re-roll), avoids the ones that give way (hold fire, halt,
stop, decline), and picks at random among the best; the seed comes from the game start.

    broadside arena --agent "cmd:python3 examples/bots/gunner.py" --agent random
"""
import json
import random
import sys

# Words in an action's name and what they are worth; the first match counts.
FIGHT = ("fire", "board", "target", "counter", "capture", "destroy", "reroll",
         "fortune", "attack:crew", "aim:hull", "close:", "return:fire", "opp:")
YIELD = ("hold", "halt", "stop", "anchor", "no-", "none", "decline", "pass",
         "resign", "cancel", "keep", "end", "done")


def worth(name):
    """How much the bot likes an action, from its catalogue name."""
    if name.startswith("fire-at-least:"):
        # WS&IM: fire at any hit-table value (the lower the threshold, the more shots).
        return 3 - int(name.split(":")[1]) / 10
    if name.startswith("load:any") or name.startswith("crew:reload"):
        return 2
    if any(w in name for w in FIGHT):
        return 2
    if any(w in name for w in YIELD):
        return -1
    return 0


def choose(msg, rng):
    """The index of the action to play in a `decide` message."""
    legal = msg["legal"]
    best = max(worth(a["name"]) for a in legal)
    picks = [a for a in legal if worth(a["name"]) == best]
    return rng.choice(picks)["index"], best


def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(1)
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            say({"type": "hello", "name": "gunner", "protocol": 1})
        elif kind == "start":
            rng.seed(f"{msg['ruleset']}-{msg['side']}")
        elif kind == "decide":
            action, best = choose(msg, rng)
            say({"type": "info", "text": f"liked {best} of {len(msg['legal'])} actions"})
            say({"type": "action", "action": action})
        elif kind == "end":
            break


if __name__ == "__main__":
    main()
