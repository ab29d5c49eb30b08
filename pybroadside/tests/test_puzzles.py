"""broadside.puzzles(path): the shipped puzzle files read back checked, each puzzle's game at
a position where its side is to move with the solution legal; a bad file is refused."""

import json

import pytest

import broadside
from conftest import REGISTERED, REPO

SHIPPED = REPO / "training" / "data" / "puzzles"


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_the_shipped_puzzles_read_back(ruleset):
    found = list(broadside.puzzles(SHIPPED / f"{ruleset}.json"))
    assert found, f"{ruleset}: no shipped puzzle"
    for p in found:
        assert p.ruleset == ruleset
        g = p.game
        assert g.current_player() == p.player
        assert p.solution.action in g.legal_actions()
        assert p.solves(p.solution.action) and not p.solves(p.alternative.action)
        assert p.solution.win - p.alternative.win >= 0.2 - 1e-9
        assert 1 <= p.difficulty <= 5


def test_a_bad_puzzle_file_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(ValueError, match="not a puzzle file"):
        list(broadside.puzzles(bad))
    doc = json.loads((SHIPPED / f"{REGISTERED[0]}.json").read_text())
    doc["puzzles"][0]["solution"]["action"] = 9999
    bad.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="not a legal order"):
        list(broadside.puzzles(bad))
