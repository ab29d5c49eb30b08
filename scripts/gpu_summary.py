#!/usr/bin/env python3
"""Summarises what scripts/gpu_check.sh wrote: one line per `bench --net` run (leaf
evaluations per second, batch fill, queue, forward share) with nvidia-smi's mean GPU
utilisation over that run's self-play measurement, and the mean utilisation of each
training check.

    python3 scripts/gpu_summary.py gpu-out

The bench's self-play load is the last BENCH_SECONDS (default 8) of each run, so the
utilisation is averaged over that window, less half a second at each end.
"""

import csv
import datetime
import glob
import json
import os
import sys


def samples(path):
    """(unix time, GPU %) of nvidia-smi's CSV lines; lines it could not read are skipped."""
    out = []
    with open(path) as f:
        for row in csv.reader(f):
            try:
                t = datetime.datetime.strptime(row[0].strip(), "%Y/%m/%d %H:%M:%S.%f")
                t = t.replace(tzinfo=datetime.timezone.utc).timestamp()
                out.append((t, float(row[1])))
            except (ValueError, IndexError):
                continue
    return out


def mean(values):
    return sum(values) / len(values) if values else float("nan")


def bench(folder, seconds):
    """Bench runs in the order of their marks in bench.log."""
    log = os.path.join(folder, "bench.log")
    util = samples(os.path.join(folder, "bench-util.csv"))
    starts, ends = [], []
    with open(log) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 4 and parts[0] == "mark":
                if parts[2] == "bench" and parts[3].startswith("inference_threads="):
                    starts.append(int(parts[3].split("=")[1]))
                elif parts[2:4] == ["bench", "done"]:
                    ends.append(float(parts[1]))
    print("inference threads | leaf evals/s | batch fill | queue ms | forward share | GPU %")
    for threads, end in zip(starts, ends):
        path = os.path.join(folder, f"bench-{threads}.json")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            r = json.load(f)
        window = [u for t, u in util if end - seconds + 0.5 <= t <= end - 0.5]
        print(
            f"{threads:>17} | {r['leaf_evals_per_sec']:>12,.0f} | {r['mean_batch_fill']:>10.1f}"
            f" | {r['mean_queue_ms']:>8.2f} | {r['forward_share_of_wall']:>13.2f}"
            f" | {mean(window):>5.1f}"
        )


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "gpu-out"
    seconds = float(os.environ.get("BENCH_SECONDS", "8"))
    if not glob.glob(os.path.join(folder, "*.log")):
        sys.exit(f"gpu_summary: no gpu_check.sh output in {folder}")
    if os.path.exists(os.path.join(folder, "bench.log")):
        bench(folder, seconds)
    for phase in ("selfplay", "reference"):
        path = os.path.join(folder, f"{phase}-util.csv")
        if os.path.exists(path):
            print(f"{phase}: mean GPU utilisation {mean([u for _, u in samples(path)]):.1f}%")


if __name__ == "__main__":
    main()
