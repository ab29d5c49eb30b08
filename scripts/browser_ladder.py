"""The ladder's page in the browser (`broadside serve --ladder DIR`): a small ladder is
made and played (a few games of random agents), served, and the page must list every
entrant in its leaderboard and pairwise table. Called by browser_test.py."""

import os
import subprocess
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ENTRANTS = ["random", "gunner <b>&amp;", "rammers"]


def ladder_page(d, binary, start_server, artefacts=None):
    with tempfile.TemporaryDirectory() as tmp:
        ladder = os.path.join(tmp, "ladder")

        def run(*args):
            subprocess.run([binary, "ladder", ladder, *args], check=True, capture_output=True)

        run("init", "--ruleset", "togo", "--max-decisions", "300")
        # A name with markup in it must show as text.
        for name, spec in zip(ENTRANTS, ["random", "random:2", "bot:rammers"]):
            run("add", name, spec)
        run("run", "--games", "6")
        proc, url = start_server(binary, ["--ladder", ladder])
        try:
            d.get(url + "ladder")
            names = lambda: [e.text for e in d.find_elements(By.CSS_SELECTOR, "#leaderboard tr.entrant td.name")]
            WebDriverWait(d, 60, poll_frequency=0.1).until(lambda _: len(names()) == len(ENTRANTS))
            assert sorted(names()) == sorted(ENTRANTS), names()
            rows = d.find_elements(By.CSS_SELECTOR, "#pairwise tbody tr")
            assert len(rows) == len(ENTRANTS), len(rows)
            assert "6 games" in d.find_element(By.ID, "ladder-head").text
            assert not d.find_element(By.ID, "error").is_displayed()
            if artefacts:
                d.save_screenshot(os.path.join(artefacts, "ladder.png"))
        finally:
            proc.kill()
    return 1
