#!/usr/bin/env python3
"""An aggressive bot for every Broadside ruleset over the bot protocol v1 (docs/bots.md),
standard library only: it prefers actions whose names fight (fire, board, re-roll), avoids
those that give way (hold, stop, decline), and steers at the nearest enemy (from the view).
Run: broadside arena --agent "cmd:python3 examples/bots/gunner.py" --agent random"""
import json, math, random, re, sys

FIGHT = ("fire", "board", "target", "counter", "capture", "destroy", "reroll",
         "fortune", "attack:crew", "aim:hull", "close:", "return:fire", "opp:")
YIELD = ("hold", "halt", "stop", "anchor", "no-", "none", "decline", "pass",
         "resign", "cancel", "keep", "end", "done")


def worth(name):  # an action's name: fighting words 2, giving way -1, anything else 0
    if name.startswith("fire-at-least:"):  # WS&IM: the lower the threshold, the more shots
        return 3 - int(name.split(":")[1]) / 10
    if name.startswith(("load:any", "crew:reload")) or any(w in name for w in FIGHT):
        return 2
    return -1 if any(w in name for w in YIELD) else 0


def find(obj, keys):
    """The first dict (depth first) in `obj` that has all of `keys`."""
    if isinstance(obj, dict) and all(k in obj for k in keys):
        return obj
    items = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, list) else ()
    return next((h for v in items if (h := find(v, keys)) is not None), None)


def place(ship):
    """(x east, y north, heading in degrees clockwise from north) of a ship in the view."""
    p, h = find(ship, ("x", "y")), find(ship, ("q", "r"))
    if p is None and h is not None:  # flat-topped axial hexes, facings 0-5 clockwise from N
        p = {"x": 1.5 * h["q"], "y": -math.sqrt(3) * (h["r"] + h["q"] / 2)}
    head, face = find(ship, ("heading",)) or {}, find(ship, ("facing",)) or {}
    return p and (p["x"], p["y"], head.get("heading", 60 * face.get("facing", 0)))


def turn_of(name):
    """Degrees clockwise a move or turn action turns its ship (0: straight on)."""
    sign = -1 if re.search(r"port|left|:L\b", name) else 1 if re.search(r"stbd|right|:R\b", name) else 0
    deg = [int(d) for d in re.findall(r"(?:port|stbd|left|right|:)(\d+)", name)] or [60]
    return sign * (deg[-1] if deg[-1] >= 10 else 60)


def steer(msg, legal):
    """A bonus in [-1, 1] per move: how straight it points the acting ship at the nearest enemy."""
    state = (msg.get("view") or {}).get("state") or {}
    ships = state.get("ships") or []
    ships, mine = ships[:state.get("num_ships", state.get("n_ships", len(ships)))], msg["side"]
    named = [int(m.group(1)) for a in legal if (m := re.search(r"\bship (\d+)", a["text"]))]
    me = named[0] if named else (state.get("act") or {}).get("ship")
    if me is None or me >= len(ships) or (at := place(ships[me])) is None:
        return {}
    them = [s for s in ships if s.get("side", s.get("owner")) != mine and s.get("status", 0) == 0]
    foes = [place(s) for s in [s for s in them if s.get("warship") is False] or them]  # prizes first
    if ships[me].get("warship") is False and isinstance(state.get("exit"), dict):
        foes = [place({"hex": state["exit"]})]  # a merchant runs for the exit
    if not (foes := [f for f in foes if f]):
        return {}
    x, y, _ = min(foes, key=lambda f: (f[0] - at[0]) ** 2 + (f[1] - at[1]) ** 2)
    bearing = math.degrees(math.atan2(x - at[0], y - at[1]))
    return {a["index"]: math.cos(math.radians(at[2] + turn_of(a["name"]) - bearing))
            for a in legal if a["name"].split(":")[0] in ("move", "turn", "sail", "leg") and worth(a["name"]) == 0}


def choose(msg, rng):
    """The index of the action to play in a `decide` message, and how much it is liked."""
    legal, bonus = msg["legal"], {}
    try:
        bonus = steer(msg, legal)
    except (KeyError, TypeError, ValueError, IndexError):
        pass  # a view it cannot read: names only
    score = {a["index"]: worth(a["name"]) + 0.9 * bonus.get(a["index"], 0) for a in legal}
    best = max(score.values())
    return rng.choice([i for i, s in score.items() if s >= best - 1e-9]), best


def main():
    rng = random.Random(1)  # seeded again at each game's start
    for line in sys.stdin:
        msg = json.loads(line)
        reply = []
        if msg["type"] == "hello":
            reply = [{"type": "hello", "name": "gunner", "protocol": 1}]
        elif msg["type"] == "start":
            rng.seed(f"{msg['ruleset']}-{msg['side']}")
        elif msg["type"] == "decide":
            action, best = choose(msg, rng)
            reply = [{"type": "info", "text": f"liked {best:.2f} of {len(msg['legal'])} actions"},
                     {"type": "action", "action": action}]
        elif msg["type"] == "end":
            break
        sys.stdout.write("".join(json.dumps(r) + "\n" for r in reply))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
