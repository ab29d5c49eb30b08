"""Trains a masked policy with sb3-contrib's MaskablePPO on a small Broadside scenario and
shows it beating `random`.

An example, not a test: it needs `pip install sb3-contrib` (which brings PyTorch) besides
the package, and takes a few minutes on a laptop's CPU.

    python pybroadside/examples/train_maskable_ppo.py --ruleset fsail --scenario frigate-duel --steps 50000

With `--eval-every STEPS` it prints a learning curve instead: after every STEPS steps, the
training's CPU time so far (this process's, so a shared machine does not stretch it) and
the score (win 1, draw 1/2) against each `--eval-against` agent, one line each
(docs/baselines.md's MaskablePPO rows come from it).

The learner plays side 0 of `broadside/RULESET-v1` against the `random` opponent (an agent
spec: try `bot:best` once it wins). The nested observation dict is flattened into one
vector for an MLP policy; the action mask reaches MaskablePPO through `action_masks()`.
Resignation is off, so that neither side can end a game by resigning.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
from gymnasium.wrappers import FlattenObservation
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

import broadside  # noqa: F401  (registers broadside/NAME-v1)


def make_env(ruleset: str, scenario: str, opponent: str, max_decisions: int):
    env = gymnasium.make(
        f"broadside/{ruleset}-v1",
        scenario=scenario,
        opponent=opponent,
        resignation=False,
        max_decisions=max_decisions,
    )
    env = FlattenObservation(env)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def evaluate(model, env, episodes: int, seed: int) -> tuple[float, float, float]:
    """Wins, draws and losses (shares) of the model's masked, deterministic play."""
    results = []
    for k in range(episodes):
        obs, _ = env.reset(seed=seed + k)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, reward, term, trunc, _ = env.step(int(action))
            done = term or trunc
        results.append(reward)
    r = np.array(results)
    return float((r > 0).mean()), float((r == 0).mean()), float((r < 0).mean())


def curve(model, a) -> None:
    """Trains `a.steps` steps in chunks of `a.eval_every`, printing the score against each
    `--eval-against` agent after every chunk (the CPU time excludes the evaluations)."""
    opponents = [o for o in a.eval_against.split(",") if o]
    envs = {o: make_env(a.ruleset, a.scenario, o, a.max_decisions) for o in opponents}
    seconds = 0.0
    print("steps,train_cpu_minutes," + ",".join(f"score_vs_{o}" for o in opponents), flush=True)
    while True:
        scores = []
        for o in opponents:
            w, d, _ = evaluate(model, envs[o], a.episodes, 10_000)
            scores.append(f"{w + d / 2:.3f}")
        # The model's own count: `learn` rounds each chunk up to whole rollouts (`n_steps`).
        print(f"{model.num_timesteps},{seconds / 60:.1f}," + ",".join(scores), flush=True)
        if model.num_timesteps >= a.steps:
            return
        start = time.process_time()
        model.learn(total_timesteps=a.eval_every, reset_num_timesteps=False)
        seconds += time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="fsail")
    ap.add_argument("--scenario", default="frigate-duel")
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--steps", type=int, default=50_000)
    ap.add_argument("--max-decisions", type=int, default=400)
    ap.add_argument("--episodes", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--eval-every", type=int, default=0, help="print a learning curve: evaluate every STEPS steps")
    ap.add_argument("--eval-against", default="random,bot:best", help="the curve's opponents, comma-separated specs")
    a = ap.parse_args()

    env = make_env(a.ruleset, a.scenario, a.opponent, a.max_decisions)
    model = MaskablePPO("MlpPolicy", env, seed=a.seed, verbose=0)
    if a.eval_every:
        curve(model, a)
        return
    before = evaluate(model, make_env(a.ruleset, a.scenario, a.opponent, a.max_decisions), a.episodes, 10_000)
    model.learn(total_timesteps=a.steps)
    after = evaluate(model, make_env(a.ruleset, a.scenario, a.opponent, a.max_decisions), a.episodes, 10_000)
    for name, (w, d, l) in (("untrained", before), ("trained", after)):
        print(f"{name:10} vs {a.opponent}: win {w:.0%}  draw {d:.0%}  loss {l:.0%}  ({a.episodes} games)")


if __name__ == "__main__":
    main()
