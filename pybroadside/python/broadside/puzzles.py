"""Puzzles: positions where one order wins, as ``broadside puzzles`` writes them.

``broadside.puzzles(path)`` yields the puzzles of a puzzle file, each checked as the
command checks them: its saved game replays (through :meth:`broadside.Game.from_json`, so
every action is checked), its side is to move at the end, and its solution and best
alternative are legal orders there, named as the ruleset's catalogue names them.

>>> for p in broadside.puzzles("training/data/puzzles/wsim.json"):
...     g = p.game                       # a broadside.Game at the position
...     p.solves(g.legal_actions()[0])   # is that the order that wins?
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Iterator

from broadside._core import Game

FORMAT = "broadside-puzzles"
FORMAT_VERSION = 1
# The largest puzzle file read (the command's limit).
FILE_LIMIT = 64 << 20


@dataclass(frozen=True)
class Order:
    """One order of a puzzle, with the engine's win probability for the side to move."""

    action: int
    name: str
    text: str
    win: float


@dataclass(frozen=True)
class Puzzle:
    """A position where one order wins (see ``docs/tactics.md`` and ``broadside puzzles``)."""

    id: str
    ruleset: str
    scenario: str
    source: str
    step: int
    player: int
    solution: Order
    alternative: Order
    continuation: list[str]
    tags: list[str]
    difficulty: int
    engine: str
    saved_game: dict[str, Any] = field(repr=False)

    @property
    def game(self) -> Game:
        """A fresh :class:`broadside.Game` at the puzzle's position."""
        return Game.from_json(json.dumps(self.saved_game), self.id)

    def solves(self, action: int) -> bool:
        """Whether ``action`` is the order that wins."""
        return action == self.solution.action


def _order(raw: Any, where: str) -> Order:
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: not an order object")
    try:
        o = Order(int(raw["action"]), str(raw["name"]), str(raw["text"]), float(raw["win"]))
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"{where}: a bad order ({e})") from None
    if not 0.0 <= o.win <= 1.0:
        raise ValueError(f"{where}: win probability {o.win} is not in [0, 1]")
    return o


def _puzzle(raw: Any, where: str) -> Puzzle:
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: not a puzzle object")
    try:
        p = Puzzle(
            id=str(raw["id"]),
            ruleset=str(raw["ruleset"]),
            scenario=str(raw["scenario"]),
            source=str(raw["source"]),
            step=int(raw["step"]),
            player=int(raw["player"]),
            solution=_order(raw["solution"], f"{where}.solution"),
            alternative=_order(raw["alternative"], f"{where}.alternative"),
            continuation=[str(x) for x in raw["continuation"]],
            tags=[str(x) for x in raw["tags"]],
            difficulty=int(raw["difficulty"]["level"]),
            engine=str(raw["engine"]),
            saved_game=raw["game"],
        )
    except (KeyError, TypeError) as e:
        raise ValueError(f"{where}: a bad puzzle (missing or wrong field {e})") from None
    where = f"{where} ({p.id})"
    try:
        g = p.game
    except Exception as e:  # the Rust reader's error says what is wrong with the game
        raise ValueError(f"{where}: its saved game does not replay: {e}") from None
    if g.ruleset != p.ruleset:
        raise ValueError(f"{where}: its game is of ruleset {g.ruleset}, not {p.ruleset}")
    if g.current_player() != p.player:
        raise ValueError(f"{where}: side {p.player} is not to move at the end of its game")
    legal = set(g.legal_actions())
    for what, o in (("solution", p.solution), ("alternative", p.alternative)):
        if o.action not in legal:
            raise ValueError(f"{where}: its {what} {o.action} is not a legal order")
        if g.action_name(o.action) != o.name:
            raise ValueError(
                f"{where}: its {what} {o.action} is `{g.action_name(o.action)}`, "
                f"the file says `{o.name}`"
            )
    if p.solution.action == p.alternative.action or p.solution.win < p.alternative.win:
        raise ValueError(f"{where}: its solution is not better than its alternative")
    return p


def puzzles(path: str | os.PathLike[str]) -> Iterator[Puzzle]:
    """Yields the puzzles of the puzzle file at ``path``, each checked; a bad file or
    puzzle raises ``ValueError`` naming it."""
    name = os.fspath(path)
    with open(name, "rb") as f:
        data = f.read(FILE_LIMIT + 1)
    if len(data) > FILE_LIMIT:
        raise ValueError(f"{name}: larger than {FILE_LIMIT >> 20} MiB, the most a puzzle file may hold")
    try:
        doc = json.loads(data)
    except ValueError as e:
        raise ValueError(f"{name}: not a puzzle file (not JSON: {e})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{name}: not a puzzle file (format {FORMAT!r} expected)")
    if doc.get("format_version") != FORMAT_VERSION:
        raise ValueError(
            f"{name}: puzzle format version {doc.get('format_version')}, "
            f"this package reads version {FORMAT_VERSION}"
        )
    items = doc.get("puzzles")
    if not isinstance(items, list):
        raise ValueError(f"{name}: `puzzles` is not a list")
    for k, raw in enumerate(items):
        yield _puzzle(raw, f"{name}: puzzles[{k}]")
