#!/usr/bin/env python3
"""A bot for every Broadside ruleset over the bot protocol v1 (docs/bots.md), standard library only:
it fights rather than give way, steers at the nearest enemy, then abeam (not in Togo), shoots the most
damaged target, works PoE's wind and Togo's orders. `broadside arena --agent "cmd:python3 THIS"`"""
import json, math, random, re, sys
FIGHT = ("fire board target counter capture destroy reroll fortune attack:crew aim:hull close: "
         "return:fire opp: load:any crew:reload").split()
YIELD = "hold halt stop anchor none decline pass resign cancel keep end done".split()
GAME = {"shot": False}  # what this game has shown so far (one process plays one game)
def worth(a):  # fighting 2 (more dice, lower numbers to hit: a little more), giving way -1
    name, text = a["name"], a["text"]
    if name.startswith("fire-at-least:"): return 3 - int(name.split(":")[1]) / 10  # WS&IM: more shots
    if name.startswith("no-") or "hold" in name: return -1  # before FIGHT: `no-counter`, `fire:hold`
    if name in ("reroll", "keep") and (m := re.search(r"(\d+) hits of (\d+) dice", text)):
        return 2 if (name == "reroll") == (3 * int(m[1]) < int(m[2])) else -1  # a poor roll
    if name.startswith("clock:"): return int(name[6:]) / (10 if GAME.get("convoy") else -10)  # convoy: short
    if any(w in name for w in FIGHT):
        dice, need = re.search(r"(\d+) dice", text), re.search(r"(\d+)\+", text)
        return 2 + 0.05 * int(dice[1] if dice else 0) - 0.02 * int(need[1] if need else 0)
    return -1 if any(w in name for w in YIELD) else 0
def find(obj, keys):  # the first dict (depth first) in `obj` that has all of `keys`
    if isinstance(obj, dict) and all(k in obj for k in keys): return obj
    items = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, list) else ()
    return next((h for v in items if (h := find(v, keys)) is not None), None)
def place(ship):  # (x east, y north, degrees clockwise from N); hexes: flat-topped axial, facings 0-5
    p, h = find(ship, ("x", "y")), find(ship, ("q", "r"))
    if p is None and h is not None: p = {"x": 1.5 * h["q"], "y": -math.sqrt(3) * (h["r"] + h["q"] / 2)}
    head, face = find(ship, ("heading",)) or {}, find(ship, ("facing",)) or {}
    return p and (p["x"], p["y"], head.get("heading", 60 * face.get("facing", 0)))
def turn_of(name):  # the degrees clockwise a move or turn action turns its ship
    sign = -1 if re.search(r"port|left|:L\b", name) else 1 if re.search(r"stbd|right|:R\b", name) else 0
    deg = [int(d) for d in re.findall(r"(?:port|stbd|left|right|:)(\d+)", name)] or [60]
    return sign * (deg[-1] if deg[-1] >= 10 else 60)
def steer(msg, legal):  # a bonus in [-1.2, 1] per move: how well it aims the acting ship
    state, mine = (msg.get("view") or {}).get("state") or {}, msg["side"]
    ships = (state.get("ships") or [])[:state.get("num_ships", state.get("n_ships", 99))]
    GAME["convoy"] = any(s.get("warship") is False and s.get("owner", s.get("side")) == mine for s in ships)
    named = [int(m.group(1)) for a in legal if (m := re.search(r"\bship (\d+)", a["text"]))]
    me = named[0] if named else (state.get("act") or {}).get("ship")
    if me is None or me >= len(ships) or (at := place(ships[me])) is None: return {}
    them = [s for s in ships if s.get("side", s.get("owner")) != mine and s.get("status", 0) == 0]
    foes = [place(s) for s in [s for s in them if s.get("warship") is False] or them]  # prizes first
    if merchant := ships[me].get("warship") is False and isinstance(state.get("exit"), dict):
        foes = [place({"hex": state["exit"]})]  # a merchant runs for the exit
    if not (foes := [f for f in foes if f]): return {}
    x, y, _ = min(foes, key=lambda f: (f[0] - at[0]) ** 2 + (f[1] - at[1]) ** 2)
    near, bearing = math.hypot(x - at[0], y - at[1]), math.degrees(math.atan2(x - at[0], y - at[1]))
    GAME.setdefault("start", near)  # the first range seen: the scale of "near"
    if "map" not in state and GAME["shot"] and not merchant and near < 0.6 * GAME["start"]:
        bearing -= 90 if (bearing - at[2]) % 360 < 180 else -90  # abeam, for broadsides
    return {a["index"]: math.cos(math.radians(at[2] + turn_of(a["name"]) - bearing))  # a turn
            - 0.2 * bool(re.match(r"turn|.*:[LR]$", a["name"])) for a in legal  # costs a move
            if a["name"].split(":")[0] in ("move", "turn", "sail", "leg") and worth(a) == 0}
def extra(msg, a):  # Togo, PoE: the most damaged target; PoE: the wind
    state, name, mine = msg["view"]["state"], a["name"], msg["side"]
    live = [s for s in state["ships"][:state["num_ships"]] if s["status"] == 0]
    if msg["view"].get("ruleset") == "togo" and re.match(r"order:|activate:|counter$|initiative:", name):
        return togo(state, name, a["text"], live)
    if m := re.match(r"(?:target|fire):(\d+)$", name):  # Togo: hull points left; PoE: markers
        s = state["ships"][int(m[1])]
        now, full = (s["hull"], s["hull_max"]) if "hull_max" in s else (sum(s["level"]), sum(s["max"]))
        return 0.5 * (1 - now / max(full, 1))
    if re.match(r"(wind|cancel):dice:\d$", name): return int(name[-1]) / 10  # all the wind dice
    if not (turn := {"wind:cw": 1, "wind:ccw": -1}.get(name)):
        return 0  # the wind from behind us to our goal: the exit, or enemy merchants first
    own, foe = [[s for s in live if (s["owner"] == mine) == o] for o in (True, False)]
    foe = [{"hex": state["exit"]}] if GAME.get("convoy") else [s for s in foe if s["warship"] is False] or foe
    (x0, y0), (x1, y1) = [[sum(place(s)[i] for s in ps) / len(ps) for i in (0, 1)] for ps in (own, foe)]
    return 0.5 * math.cos(math.radians(60 * (state["wind_from"] + turn)) - math.atan2(x0 - x1, y0 - y1))
def togo(state, name, text, live):  # Togo, as its doctrines: the enemy is player A, nearest ship first,
    if name.startswith("initiative:"): return 0.5 * (name == "initiative:second")  # speed by range
    s = state["ships"][int(re.search(r"ship (\d+)", text)[1])]
    d = min(math.dist(place(s)[:2], place(t)[:2]) for t in live if t["side"] != s["side"]) / 1000
    if name == "counter": return 0 if s["activated"] else -4  # once moved (else she spends her own fire)
    wish = 4 if d > 18 else 3 if d > 8 else 2  # centres' inches: full, half, slow
    return -d / 100 if name[0] == "a" else -abs("astern stop slow half full".split().index(name[6:]) - wish)
def choose(msg, rng):  # the index of the action to play, and how much it is liked
    legal, bonus = msg["legal"], {}
    GAME["shot"] |= any(re.match(r"(fire|target)", a["name"]) and "hold" not in a["name"] for a in legal)
    try:
        bonus = {i: 0.9 * b for i, b in steer(msg, legal).items()}
        bonus = {a["index"]: bonus.get(a["index"], 0) + extra(msg, a) for a in legal}
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError):
        pass  # a view it cannot read: names only (and steering where it could)
    score = {a["index"]: worth(a) + bonus.get(a["index"], 0) for a in legal}
    return rng.choice([i for i, s in score.items() if s >= (best := max(score.values())) - 1e-9]), best
def main():
    rng = random.Random(1)  # seeded again at each game's start
    for msg in map(json.loads, sys.stdin):
        reply = [{"type": "hello", "name": "gunner", "protocol": 1}] if msg["type"] == "hello" else []
        if msg["type"] == "start":
            rng.seed(f"{msg['ruleset']}-{msg['side']}")
            if msg["ruleset"] == "togo": GAME["start"] = 0  # its guns bear all round: never abeam
        if msg["type"] == "decide":
            action, best = choose(msg, rng)
            reply = [{"type": "info", "text": f"liked {best:.2f} of {len(msg['legal'])} actions"},
                     {"type": "action", "action": action}]
        print("".join(json.dumps(r) + "\n" for r in reply), end="", flush=True)
if __name__ == "__main__": main()
