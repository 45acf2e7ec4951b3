#!/usr/bin/env python3
"""Median table (benchstat-like) of lockbench output: python3 medians.py bench.txt

Prints one markdown row per benchmark with the median of each metric over
the runs, the min-max spread of ns/op, and, for throughput rows, the ratio
of medians to the raw lock measured in the same runs.
"""
import re
import statistics
import sys


def parse(path):
    rows = {}
    for line in open(path):
        if not line.startswith("Benchmark"):
            continue
        parts = line.split()
        name = re.sub(r"-\d+$", "", parts[0])
        metrics = {parts[i + 1]: float(parts[i]) for i in range(2, len(parts) - 1, 2)}
        rows.setdefault(name, []).append(metrics)
    return rows


def med(rows, name, unit):
    vals = [m[unit] for m in rows.get(name, []) if unit in m]
    return statistics.median(vals) if vals else None


def main():
    rows = parse(sys.argv[1])
    print("| benchmark | lock | pairs/s | µs/op median (min–max) | vs raw | rtt/op | srvcmds/op | acquired/s | runs |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in rows:
        bench, impl, g = name.split("/")
        if bench == "BenchmarkPaired":
            continue
        ns = med(rows, name, "ns/op")
        rawns = med(rows, name.replace("/" + impl + "/", "/raw/"), "ns/op")
        acq = med(rows, name, "acquired/s")
        spread = [m["ns/op"] / 1e3 for m in rows[name]]
        print(f"| {bench[len('Benchmark'):]} {g} | {impl} | {1e9 / ns:,.0f} | "
              f"{ns / 1e3:.0f} ({min(spread):.0f}–{max(spread):.0f}) | {ns / rawns:.2f}× | "
              f"{med(rows, name, 'rtt/op'):.2f} | {med(rows, name, 'srvcmds/op'):.2f} | "
              f"{'' if acq is None else f'{acq:,.0f}'} | {len(rows[name])} |")
    print()
    print("| paired, 1 goroutine | lock µs/pair | raw µs/pair | lock/raw median (min–max) | runs |")
    print("|---|---:|---:|---:|---:|")
    for name in rows:
        bench, impl, g = name.split("/")
        if bench != "BenchmarkPaired":
            continue
        ratios = [m["impl/raw"] for m in rows[name]]
        print(f"| {impl} {g} | {med(rows, name, 'impl-µs/pair'):.0f} | {med(rows, name, 'raw-µs/pair'):.0f} | "
              f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f}) | {len(ratios)} |")


if __name__ == "__main__":
    main()
