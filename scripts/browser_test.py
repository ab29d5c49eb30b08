#!/usr/bin/env python3
"""The board in a real browser: headless Chromium through WebDriver (selenium).

For every ruleset the server lists, the test starts a game of the default scenario against
the random admiral by clicking, gives a few orders (each chosen from the listed legal orders
and confirmed), takes one back, asks the engine to analyse the position, resigns, replays the
game (forward, back, to the end), runs the mistake check on it, and checks what the page shows
at each step; then solves one puzzle of every ruleset in the puzzle mode (browser_puzzles.py). A screenshot of each ruleset's board is kept as a test artefact.

Usage: browser_test.py BROADSIDE_BINARY ARTEFACT_DIR
Needs Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver).
Prints "N passed, 0 failed" at the end; exits non-zero on the first failure.
"""

import json
import os
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_ladder import ladder_page
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_puzzles import solve_puzzles  # noqa: E402

# The person gives at least this many orders, and goes on (up to MAX_ORDERS) until the log
# shows what happened and resigning is allowed (WS&IM: at the start of a turn's orders).
ORDERS = 5
MAX_ORDERS = 80
TIMEOUT = 60


def start_server(binary, extra=()):
    proc = subprocess.Popen(
        [binary, "serve", "--port", "0", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = proc.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        proc.kill()
        raise SystemExit(f"the server did not print its URL (got {url!r})")
    return proc, url


def browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for flag in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1500,1100",
    ]:
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def text(d, id_):
    return d.find_element(By.ID, id_).text


def wait(d, cond, what):
    try:
        return WebDriverWait(d, TIMEOUT, poll_frequency=0.1).until(lambda _: cond())
    except Exception as e:
        error = d.find_element(By.ID, "error").text
        raise AssertionError(f"timed out waiting for {what}; the page's error line: {error!r}") from e


def no_error(d):
    box = d.find_element(By.ID, "error")
    assert not box.is_displayed(), f"the page shows an error: {box.text}"


def your_turn(d):
    return "Your orders" in text(d, "status") and d.find_elements(By.CSS_SELECTOR, "#orders button.order")


def actions_played(d):
    # "Your orders · 12 actions played"
    words = text(d, "status").split("·")[-1].split()
    return int(words[0])


# The rulesets whose board has geometry (their own board.rs): drawn as SVG. A ruleset added
# to the registry without one gets the generic text board and passes with it.
SVG_BOARDS = {"wsim", "fsail", "poe", "oak", "togo"}


def play_ruleset(d, url, ruleset, artefacts):
    checks = 0
    d.get(url)
    wait(d, lambda: d.find_elements(By.CSS_SELECTOR, f"#ruleset option[value='{ruleset}']"), "the ruleset list")
    Select(d.find_element(By.ID, "ruleset")).select_by_value(ruleset)
    Select(d.find_element(By.ID, "level")).select_by_value("spec")
    spec = d.find_element(By.ID, "admiral")
    spec.clear()
    spec.send_keys("random")
    d.find_element(By.ID, "new-game").click()
    wait(d, lambda: your_turn(d) or "over" in text(d, "status"), "the first orders")
    no_error(d)
    board = d.find_element(By.ID, "board")
    pieces = d.find_elements(By.CSS_SELECTOR, "#board g.piece")
    textboard = d.find_element(By.ID, "textboard")
    assert pieces or textboard.is_displayed(), "the board shows no ship"
    checks += 1
    if ruleset in SVG_BOARDS:
        # A ruleset with geometry is drawn as SVG, never the generic text board.
        assert board.get_attribute("data-kind") in ("hex", "table"), board.get_attribute("data-kind")
        assert pieces and not textboard.is_displayed(), f"{ruleset}'s board is text, not SVG"
        checks += 1
    if your_turn(d):
        # The typed-order example is an order of this game, legal now.
        names = [b.get_attribute("title") for b in d.find_elements(By.CSS_SELECTOR, "#orders button.order")]
        example = d.find_element(By.ID, "order-name").get_attribute("placeholder")
        assert example in names, f"{ruleset}: the example {example!r} is not a legal order"
        checks += 1
    if d.execute_script("return app.game.board.areas.length") > 0:
        # Terrain on the board has its legend.
        assert d.find_element(By.ID, "legend").is_displayed() and text(d, "legend"), "no terrain legend"
        checks += 1
    if pieces:
        # Clicking a ship shows her card.
        pieces[0].click()
        wait(d, lambda: "Click or hover" not in text(d, "card"), "a ship's card")
        # Her fields of fire are drawn while she is selected.
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#board .area-field"), "her fields of fire")
        checks += 1
    if ruleset == "fsail" and your_turn(d):
        # Fighting Sail opens with the choice of a ship to sail: clicking one of yours on the
        # board picks her (the order is selected, with its confirm button).
        side = Select(d.find_element(By.ID, "side")).first_selected_option.get_attribute("value")
        mine = d.find_elements(By.CSS_SELECTOR, f"#board g.piece[data-side='{side}']")
        mine[-1].click()
        wait(d, lambda: d.find_element(By.ID, "confirm").is_enabled(), "the ship to be picked")
        assert "Selected:" in text(d, "selected-order"), text(d, "selected-order")
        checks += 1
        # An order typed by name that is not legal now is refused with the rule (the sheet's
        # turn sequence: ships fire in the Cannon Phase), and the game is unchanged.
        before = actions_played(d)
        d.find_element(By.ID, "order-name").send_keys("fire:0>0")
        d.find_element(By.ID, "give-typed").click()
        wait(d, lambda: d.find_element(By.ID, "error").is_displayed() and "Cannon Phase" in text(d, "error"), "the refusal naming the rule")
        assert actions_played(d) == before
        checks += 1
    given = 0
    for k in range(MAX_ORDERS):
        wait(d, lambda: your_turn(d) or "over" in text(d, "status"), "the person's turn")
        if "over" in text(d, "status"):
            break
        logged = d.find_elements(By.CSS_SELECTOR, "#log div")
        if k >= ORDERS and logged and d.find_element(By.ID, "resign").is_enabled():
            break
        before = actions_played(d)
        buttons = d.find_elements(By.CSS_SELECTOR, "#orders button.order")
        buttons[k * 7 % len(buttons)].click()
        wait(d, lambda: d.find_element(By.ID, "confirm").is_enabled(), "the confirm button")
        d.find_element(By.ID, "confirm").click()
        wait(d, lambda: actions_played(d) > before or "over" in text(d, "status"), "the order to be played")
        no_error(d)
        given += 1
    assert given > 0, "no order could be given"
    checks += 1
    # Undo, where the last orders are not committed yet.
    wait(d, lambda: your_turn(d) or "over" in text(d, "status"), "the person's turn")
    if your_turn(d) and d.find_element(By.ID, "undo").is_enabled():
        before = actions_played(d)
        d.find_element(By.ID, "undo").click()
        wait(d, lambda: actions_played(d) < before, "the undo")
        checks += 1
    # The engine's analysis of the position.
    if your_turn(d):
        Select(d.find_element(By.ID, "analysis-time")).select_by_value("300")
        d.find_element(By.ID, "analyse").click()
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#candidates tbody tr"), "the analysis")
        rows = d.find_elements(By.CSS_SELECTOR, "#candidates tbody tr")
        wins = [float(r.find_elements(By.TAG_NAME, "td")[2].text.rstrip("%")) for r in rows]
        assert all(0 <= w <= 100 for w in wins), wins
        assert "playouts" in text(d, "continuation")
        assert text(d, "evaltext").isdigit()
        checks += 1
    # The screenshot shows a ship of the person's selected: her card, ranges and fields.
    own = d.find_elements(By.CSS_SELECTOR, "#board g.piece[data-side='0']")
    if own:
        own[0].click()
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#board .area-field"), "her fields of fire")
    d.save_screenshot(os.path.join(artefacts, f"{ruleset}.png"))
    # Resign: the game ends with its result shown.
    if your_turn(d) and d.find_element(By.ID, "resign").is_enabled():
        d.find_element(By.ID, "resign").click()
        d.switch_to.alert.accept()
        wait(d, lambda: d.find_element(By.ID, "result").is_displayed(), "the result")
        checks += 1
    played = actions_played(d)
    # Replay the game just played: the New game panel names its ruleset, the status its sides.
    d.find_element(By.ID, "to-replay").click()
    wait(d, lambda: d.find_element(By.ID, "replay-controls").is_displayed(), "the replay")
    assert Select(d.find_element(By.ID, "ruleset")).first_selected_option.get_attribute("value") == ruleset
    assert "player " not in text(d, "status"), text(d, "status")
    assert text(d, "replay-pos") == f"0 / {played}", text(d, "replay-pos")
    d.find_element(By.ID, "replay-next").click()
    wait(d, lambda: text(d, "replay-pos") == f"1 / {played}", "a step forward")
    d.find_element(By.ID, "replay-end").click()
    wait(d, lambda: text(d, "replay-pos") == f"{played} / {played}", "the end of the replay")
    d.find_element(By.ID, "replay-prev").click()
    wait(d, lambda: text(d, "replay-pos") == f"{played - 1} / {played}", "a step back")
    d.find_element(By.ID, "replay-play").click()
    wait(d, lambda: text(d, "replay-pos") == f"{played} / {played}", "the animation to the end")
    if d.find_element(By.ID, "result").is_displayed():
        assert text(d, "result")
    assert d.find_elements(By.CSS_SELECTOR, "#log div"), "the replay shows no log"
    checks += 1
    # The mistake check over the game.
    Select(d.find_element(By.ID, "mistakes-time")).select_by_value("50")
    d.find_element(By.ID, "mistakes-run").click()
    wait(d, lambda: "decisions checked," in text(d, "mistakes-summary"), "the mistake check")
    no_error(d)
    checks += 1
    # A row of the mistake table takes the replay to the position before that decision.
    rows = d.find_elements(By.CSS_SELECTOR, "#mistakes-table tbody tr")
    if rows:
        step = rows[0].find_elements(By.TAG_NAME, "td")[0].text
        rows[0].click()
        wait(d, lambda: text(d, "replay-pos").startswith(f"{step} / "), "the position of a mistake")
        no_error(d)
        checks += 1
    d.save_screenshot(os.path.join(artefacts, f"{ruleset}-replay.png"))
    return checks


def move_now(d, url):
    """The admiral's thinking shows its playouts live, and *Move now* makes it play at once
    (it has two minutes a decision; the wait gives up long before)."""
    d.get(url)
    wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#ruleset option[value='fsail']"), "the ruleset list")
    Select(d.find_element(By.ID, "ruleset")).select_by_value("fsail")
    Select(d.find_element(By.ID, "side")).select_by_value("1")
    Select(d.find_element(By.ID, "level")).select_by_value("spec")
    spec = d.find_element(By.ID, "admiral")
    spec.clear()
    spec.send_keys("mcts:time=120000")
    # Seed 5: the admiral has the first decision (as in tests/serve.rs).
    seed = d.find_element(By.ID, "seed")
    seed.clear()
    seed.send_keys("5")
    d.find_element(By.ID, "new-game").click()

    def playouts():
        words = text(d, "thinking-text").replace(",", "").split()
        return int(words[words.index("playouts") - 1]) if "playouts" in words else 0

    wait(d, lambda: playouts() > 0, "the admiral's playouts")
    d.find_element(By.ID, "stop-thinking").click()
    wait(d, lambda: your_turn(d), "the admiral's move after Move now")
    no_error(d)
    return 2


def narrow_screen(d, url, artefacts):
    """On a phone-sized window the page fits its width: no sideways scrolling."""
    d.set_window_size(560, 1000)
    try:
        d.get(url)
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#ruleset option"), "the ruleset list")
        d.find_element(By.ID, "new-game").click()
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#board g.piece"), "the board")
        overflow = d.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        d.save_screenshot(os.path.join(artefacts, "narrow.png"))
        assert overflow <= 1, f"the page is {overflow} px wider than a 560 px window"
    finally:
        d.set_window_size(1500, 1100)
    return 1


def main():
    binary, artefacts = sys.argv[1], sys.argv[2]
    os.makedirs(artefacts, exist_ok=True)
    proc, url = start_server(binary)
    passed = 0
    try:
        with urllib.request.urlopen(url + "api/rulesets", timeout=10) as r:
            rulesets = [x["name"] for x in json.load(r)]
        d = browser()
        try:
            for name in rulesets:
                t0 = time.time()
                n = play_ruleset(d, url, name, artefacts)
                passed += n
                print(f"{name}: {n} checks passed in {time.time() - t0:.1f} s")
            passed += move_now(d, url)
            print("move now: 2 checks passed")
            passed += narrow_screen(d, url, artefacts)
            print("narrow screen: 1 check passed")
            passed += ladder_page(d, binary, start_server, artefacts)
            print("ladder page: 1 check passed")
            n = solve_puzzles(d, url, rulesets, wait, no_error, artefacts)
            passed += n
            print(f"puzzles: {n} checks passed")
        finally:
            d.quit()
    except Exception as e:
        print(f"browser test failed: {e}")
        print(f"{passed} passed, 1 failed")
        raise SystemExit(1)
    finally:
        proc.kill()
    print(f"{passed} passed, 0 failed")


if __name__ == "__main__":
    main()
