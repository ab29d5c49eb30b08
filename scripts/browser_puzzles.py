"""The board's puzzle mode in the browser (run by browser_test.py): for every ruleset, pick
it, get a puzzle, give the winning order (read from the shipped puzzle file the server carries,
training/data/puzzles/RULESET.json) and check the page says right, names the engine's line and
greys the orders; on the first ruleset also give a wrong order to the next puzzle and check
the page says wrong and marks the winning one."""

import json
import os

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def solutions(ruleset):
    with open(os.path.join(REPO, "training", "data", "puzzles", f"{ruleset}.json")) as f:
        return {p["id"]: p["solution"]["action"] for p in json.load(f)["puzzles"]}


def shown_puzzle(d, wait, before):
    wait(d, lambda: d.find_element(By.ID, "puzzle-prompt").text not in ("", before), "a puzzle")
    wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#puzzle-orders button"), "the puzzle's orders")
    return d.find_element(By.ID, "puzzle-prompt").text.split(" ")[0]


def solve_puzzles(d, url, rulesets, wait, no_error, artefacts):
    d.get(url)
    wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#ruleset option"), "the ruleset list")
    d.find_element(By.ID, "mode-puzzles").click()
    wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#puzzle-tag option"), "the tag list")
    checks = 0
    for k, ruleset in enumerate(rulesets):
        Select(d.find_element(By.ID, "puzzle-ruleset")).select_by_value(ruleset)
        wait(d, lambda: "any tactic" in d.find_element(By.ID, "puzzle-tag").text, "the tags")
        before = d.find_element(By.ID, "puzzle-prompt").text
        d.find_element(By.ID, "puzzle-next").click()
        pid = shown_puzzle(d, wait, before)
        assert pid.startswith(ruleset + "-"), f"{ruleset}: puzzle {pid}"
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#board *"), "the puzzle's board")
        action = solutions(ruleset)[pid]
        d.find_element(By.CSS_SELECTOR, f'#puzzle-orders button[data-action="{action}"]').click()
        wait(d, lambda: d.find_element(By.ID, "puzzle-verdict").text, "the verdict")
        verdict = d.find_element(By.ID, "puzzle-verdict").text
        assert verdict.startswith("Right"), f"{ruleset}: {verdict!r}"
        assert "The engine's line" in d.find_element(By.ID, "puzzle-line").text
        assert all(not b.is_enabled() for b in d.find_elements(By.CSS_SELECTOR, "#puzzle-orders button"))
        no_error(d)
        d.save_screenshot(os.path.join(artefacts, f"puzzle-{ruleset}.png"))
        checks += 3
        if k == 0:
            before = d.find_element(By.ID, "puzzle-prompt").text
            d.find_element(By.ID, "puzzle-next").click()
            pid = shown_puzzle(d, wait, before)
            right = solutions(ruleset)[pid]
            wrong = next(b for b in d.find_elements(By.CSS_SELECTOR, "#puzzle-orders button")
                         if int(b.get_attribute("data-action")) != right)
            wrong.click()
            wait(d, lambda: d.find_element(By.ID, "puzzle-verdict").text, "the verdict")
            assert d.find_element(By.ID, "puzzle-verdict").text.startswith("Wrong")
            marked = d.find_elements(By.CSS_SELECTOR, "#puzzle-orders button.puzzle-solution")
            assert [int(b.get_attribute("data-action")) for b in marked] == [right]
            checks += 2
    return checks
