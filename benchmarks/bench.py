"""Speed and scale of pangee, each figure measured beside a reference in the same run.

    .venv/bin/python benchmarks/bench.py                    # sizes 10, 10000, 100000
    .venv/bin/python benchmarks/bench.py --sizes 10,200     # a smoke run (CI)
    .venv/bin/python benchmarks/bench.py --profile 10000    # + cProfile of import and replay

(a) import rate of a synthetic script (CampaignLedger.record_many, and the real CLI) against
    the eventsourcing library's own batched append of the same payloads into SQLite;
(b) replay (`projections.rebuild()`) against raw sqlite3 reading of the same rows + json.loads;
(c) `status WHO --json` and one write (`attack`) on the largest campaign against the smallest,
    through the real CLI (subprocess) and in-process (click's CliRunner), medians;
(d) peak memory (max RSS) of the CLI import of the largest script;
(e) start-up of the read commands (`status`, `log --session N`, `explain WHO`, `checkpoint`) on
    a 20k-command campaign against `python -c "import click, sqlite3, json"`, medians;
(f) the chronicle of that campaign: `export -o page.html`, its size, and the time Debian's
    Chromium takes to load it (benchmarks/chronicle_bench.py), when Chromium is installed.

Every measurement runs in a fresh worker process (`bench.py _worker …`), so one heap or one
import cache never favours another; a rate and its reference alternate, `--repeat` times,
and the best of each counts. Results: a table with PASS/FAIL per target on stdout and every
figure in benchmarks/results/latest.json (see benchmarks/README.md).
"""

import argparse
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

TARGETS = {  # name: (threshold, "min" ratio or "max" ratio / value)
    "import": (0.15, "min"),
    "replay": (0.15, "min"),
    "status": (1.3, "max"),
    "write": (1.3, "max"),
    "memory_mb": (300.0, "max"),
    "startup": (2.0, "max"),
    "page_mb": (8.0, "max"),
}
STARTUP_REFERENCE = [sys.executable, "-c", "import click, sqlite3, json"]
WHO = "Arin"
ATTACK = ["attack", WHO, "--ac", "15", "--d20", "12", "--bonus", "5"]
STATUS = ["status", WHO, "--json"]
LIB_CHUNK = 1000  # events per save() in the library's batched append


# -- helpers ---------------------------------------------------------------------------------
def pangee_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("pangee")
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-c", "from cli.main import main; main()"]


def run_with_rss(cmd: list[str]) -> tuple[float, float, str, str]:
    """Run a process to the end; (wall seconds, its own peak RSS in MB, stdout, stderr),
    the peak read from wait4's rusage of that very child (Linux: KB)."""
    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out_file, stderr=err_file, cwd=ROOT)
        _pid, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out_file.seek(0)
        err_file.seek(0)
        out, err = out_file.read().decode(), err_file.read().decode()
    if proc.returncode != 0:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{err}")
    return wall, usage.ru_maxrss / 1024, out, err


def worker(*args: str) -> dict:
    """One measurement in a fresh interpreter; its JSON answer, plus its peak RSS."""
    _wall, rss, out, _err = run_with_rss([sys.executable, str(Path(__file__)), "_worker", *args])
    answer = json.loads(out.strip().splitlines()[-1])
    answer["worker_rss_mb"] = round(rss, 1)
    return answer


def remove_db(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 2)


# -- workers (run in their own process) ------------------------------------------------------
def w_import(script: str, db: str) -> dict:
    from ledger.application import CampaignLedger
    from ledger.scripts import load_yaml, script_steps
    from ledger.store import parse_target

    start = time.perf_counter()
    text = Path(script).read_text(encoding="utf-8")
    steps = script_steps(load_yaml(text, Path(script).name), Path(script).name)
    parsed = time.perf_counter()
    ledger = CampaignLedger(parse_target(db))
    opened = time.perf_counter()
    recorded = ledger.record_many(steps)
    done = time.perf_counter()
    events = ledger.recorder.max_notification_id()
    ledger.close()
    return {"commands": len(recorded), "events": events, "parse_s": parsed - start,
            "record_many_s": done - opened}


def w_library(source_db: str, db: str, events: str, chunk: str) -> dict:
    """The eventsourcing library alone: aggregates saving the same payloads, `chunk` events
    per save() (one transaction each)."""
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate

    class Thing(Aggregate):
        class Happened(Aggregate.Event):
            fact: dict
            outcome: dict
            meta: dict

            def apply(self, aggregate) -> None:
                pass

        def __init__(self) -> None:
            pass

        def happen(self, fact: dict, outcome: dict, meta: dict) -> None:
            self.trigger_event(self.Happened, fact=fact, outcome=outcome, meta=meta)

    with sqlite3.connect(source_db) as conn:
        payloads = [json.loads(s) for (s,) in
                    conn.execute("SELECT state FROM stored_events ORDER BY rowid")]
    total, chunk_size = int(events), int(chunk)
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": db})
    things = [Thing() for _ in range(4)]
    app.save(*things)
    start = time.perf_counter()
    done = 0
    while done < total:
        for i in range(done, min(total, done + chunk_size)):
            p = payloads[i % len(payloads)]
            things[i % 4].happen(p["fact"], p["outcome"], p["meta"])
        app.save(*things)
        done += chunk_size
    elapsed = time.perf_counter() - start
    return {"events": total, "chunk": chunk_size, "seconds": elapsed}


def w_replay(db: str) -> dict:
    from ledger.application import CampaignLedger
    from ledger.store import parse_target

    ledger = CampaignLedger(parse_target(db))
    events = ledger.recorder.max_notification_id()
    start = time.perf_counter()
    position = ledger.projections.rebuild()
    elapsed = time.perf_counter() - start
    digest = ledger.projections.digest()
    ledger.close()
    return {"events": events, "position": position, "seconds": elapsed, "digest": digest}


def w_raw(db: str) -> dict:
    """The floor: sqlite3 reading every stored event with json.loads of its state."""
    conn = sqlite3.connect(db)
    start = time.perf_counter()
    count = 0
    for _rowid, _oid, _version, _topic, state in conn.execute(
            "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
            "ORDER BY rowid"):
        json.loads(state)
        count += 1
    elapsed = time.perf_counter() - start
    conn.close()
    return {"events": count, "seconds": elapsed}


def w_inprocess(small: str, big: str, runs: str) -> dict:
    """`status` and `attack` through the CLI in this process (click's CliRunner: a new
    session and store connection per command, as the real CLI), both stores interleaved."""
    from click.testing import CliRunner

    from cli.main import cli

    runner = CliRunner()

    def once(db: str, args: list[str]) -> float:
        start = time.perf_counter()
        result = runner.invoke(cli, ["--db", db, *args], catch_exceptions=False)
        elapsed = time.perf_counter() - start
        if result.exit_code != 0:
            raise SystemExit(f"{args}: exit {result.exit_code}: {result.output}")
        return elapsed

    for db in (small, big):
        once(db, STATUS)
        once(db, ATTACK)
    return interleaved_medians(once, small, big, int(runs))


WORKERS = {"import": w_import, "library": w_library, "replay": w_replay, "raw": w_raw,
           "inprocess": w_inprocess}


# -- the benchmark ---------------------------------------------------------------------------
def cli_latency(small: Path, big: Path, runs: int) -> dict:
    """Median wall time of the real `pangee` (a fresh process each time) on both stores,
    the two interleaved so that a busy moment of the machine weighs on both alike."""
    def once(db: Path, args: list[str]) -> float:
        start = time.perf_counter()
        subprocess.run(pangee_cmd() + ["--db", str(db), *args], check=True,
                       capture_output=True, cwd=ROOT)
        return time.perf_counter() - start

    for db in (small, big):
        once(db, STATUS)  # warm the file cache
    return interleaved_medians(once, small, big, runs)


def interleaved_medians(once, small, big, runs: int) -> dict:
    """Median of `status` and `attack` on both campaigns, the two interleaved so that a busy
    moment of the machine weighs on both alike."""
    samples: dict = {(db, what): [] for db in (small, big) for what in ("status", "write")}
    for _ in range(runs):
        for db in (small, big):
            samples[(db, "status")].append(once(db, STATUS))
            samples[(db, "write")].append(once(db, ATTACK))
    return {label: {"status_ms": median_ms(samples[(db, "status")]),
                    "write_ms": median_ms(samples[(db, "write")])}
            for label, db in (("small", small), ("big", big))}


def best(samples: list[dict]) -> dict:
    """The fastest of several runs: on a shared machine the slow ones measure the others."""
    return min(samples, key=lambda sample: sample["seconds"])


def measure(sizes: list[int], runs: int, repeat: int, workdir: Path, seed: int, log,
            startup_size: int = 0) -> dict:
    from synth import write_script

    results: dict = {"sizes": {}, "runs": runs, "repeat": repeat}
    for size in sizes:
        entry: dict = {}
        script = workdir / f"synth-{size}-s{seed}.yaml"
        if not script.exists():
            start = time.perf_counter()
            write_script(size, script, seed)
            log(f"generated {size} steps in {time.perf_counter() - start:.1f}s")
        entry["script_bytes"] = script.stat().st_size

        # (a) import vs the library's batched append, alternated, best of `repeat` each
        db, lib_db = workdir / f"inproc-{size}.db", workdir / f"library-{size}.db"
        imports, libraries = [], []
        for _ in range(repeat):
            remove_db(db)
            imp = worker("import", str(script), str(db))
            imp["seconds"] = imp["record_many_s"]
            imports.append(imp)
            remove_db(lib_db)
            libraries.append(worker("library", str(db), str(lib_db), str(imp["events"]),
                                    str(LIB_CHUNK)))
            remove_db(lib_db)
        imp, lib = best(imports), best(libraries)
        entry["import"] = {
            "commands": imp["commands"], "events": imp["events"],
            "parse_s": round(imp["parse_s"], 3), "record_many_s": round(imp["record_many_s"], 3),
            "steps_per_s": round(imp["commands"] / imp["record_many_s"]),
            "events_per_s": round(imp["events"] / imp["record_many_s"]),
            "with_parse_events_per_s": round(imp["events"] / (imp["record_many_s"] + imp["parse_s"])),
            "worker_rss_mb": imp["worker_rss_mb"],
            "all_record_many_s": [round(i["record_many_s"], 3) for i in imports]}
        entry["library"] = {"events": lib["events"], "chunk": lib["chunk"],
                            "seconds": round(lib["seconds"], 3),
                            "events_per_s": round(lib["events"] / lib["seconds"]),
                            "all_seconds": [round(x["seconds"], 3) for x in libraries]}
        log(f"{size}: record_many {entry['import']['events_per_s']} ev/s, library append "
            f"{entry['library']['events_per_s']} ev/s")

        # (d) the real CLI import, once: wall time and peak memory
        cli_db = workdir / f"cli-{size}.db"
        remove_db(cli_db)
        wall, rss, _out, _err = run_with_rss(pangee_cmd() + ["--db", str(cli_db), "import",
                                                             str(script)])
        remove_db(cli_db)
        entry["cli_import"] = {"seconds": round(wall, 3), "peak_rss_mb": round(rss, 1),
                               "events_per_s": round(imp["events"] / wall),
                               "steps_per_s": round(imp["commands"] / wall)}
        log(f"{size}: CLI import {wall:.2f}s, peak RSS {rss:.0f} MB")

        # (b) replay vs raw sqlite3 + json.loads of the same rows, alternated
        replays, raws = [], []
        for _ in range(repeat):
            replays.append(worker("replay", str(db)))
            raws.append(worker("raw", str(db)))
        rep, raw = best(replays), best(raws)
        entry["replay"] = {"events": rep["events"], "seconds": round(rep["seconds"], 3),
                           "events_per_s": round(rep["events"] / rep["seconds"]),
                           "digest": rep["digest"],
                           "all_seconds": [round(x["seconds"], 3) for x in replays]}
        entry["raw_read"] = {"events": raw["events"], "seconds": round(raw["seconds"], 3),
                             "events_per_s": round(raw["events"] / raw["seconds"]),
                             "all_seconds": [round(x["seconds"], 3) for x in raws]}
        log(f"{size}: replay {entry['replay']['events_per_s']} ev/s, raw "
            f"{entry['raw_read']['events_per_s']} ev/s")
        results["sizes"][str(size)] = entry

    small, big = str(min(sizes)), str(max(sizes))
    small_db, big_db = workdir / f"inproc-{small}.db", workdir / f"inproc-{big}.db"
    cli = cli_latency(small_db, big_db, runs)
    inproc = worker("inprocess", str(small_db), str(big_db), str(runs))
    for label, size in (("small", small), ("big", big)):
        results["sizes"][size]["latency"] = {"cli": cli[label], "inprocess": inproc[label]}
        log(f"{size}: latency {results['sizes'][size]['latency']}")
    results["small"], results["big"] = int(small), int(big)
    if startup_size:
        results["startup"] = startup(startup_size, runs, workdir, seed, log)
    return results


def startup(size: int, runs: int, workdir: Path, seed: int, log) -> dict:
    """(e) and (f): a campaign of `size` steps; each read command's median wall time next to
    Python's with click, sqlite3 and json, interleaved; then its chronicle."""
    from synth import write_script

    script = workdir / f"synth-{size}-s{seed}.yaml"
    if not script.exists():
        write_script(size, script, seed)
    db = workdir / f"startup-{size}.db"
    remove_db(db)
    run_with_rss(pangee_cmd() + ["--db", str(db), "import", str(script)])
    sessions = json.loads(subprocess.run(pangee_cmd() + ["--db", str(db), "log", "--json", "--brief"],
                                         check=True, capture_output=True, cwd=ROOT).stdout)
    last = max(e["session"] or 0 for e in sessions)
    commands = {"status": ["status"], "log": ["log", "--session", str(last)],
                "explain": ["explain", WHO], "checkpoint": ["checkpoint"]}
    samples: dict[str, list[float]] = {name: [] for name in ["python"] + list(commands)}

    def once(cmd: list[str]) -> float:
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
        return time.perf_counter() - start

    for cmd in [STARTUP_REFERENCE] + [pangee_cmd() + ["--db", str(db)] + c for c in commands.values()]:
        once(cmd)  # warm the file cache
    for _ in range(max(runs, 5)):
        samples["python"].append(once(STARTUP_REFERENCE))
        for name, args in commands.items():
            samples[name].append(once(pangee_cmd() + ["--db", str(db)] + args))
    out = {"commands": len(sessions), "sessions": last,
           "median_ms": {name: median_ms(values) for name, values in samples.items()}}
    log(f"{size}: start-up {out['median_ms']}")
    page = workdir / f"chronicle-{size}.html"
    wall, rss, _o, _e = run_with_rss(pangee_cmd() + ["--db", str(db), "export", "-o", str(page)])
    out["chronicle"] = {"export_s": round(wall, 2), "export_rss_mb": round(rss, 1),
                        "bytes": page.stat().st_size}
    if Path("/usr/bin/chromium").exists():
        try:
            from chronicle_bench import measure_in_browser

            out["chronicle"]["browser"] = measure_in_browser(page, 3, who=WHO, search="blessure")
        except Exception as error:  # the page's size still counts; the browser's is reported
            out["chronicle"]["browser_error"] = f"{type(error).__name__}: {error}"[:200]
    log(f"{size}: chronicle {out['chronicle']}")
    remove_db(db)
    return out


def verdicts(results: dict) -> list[dict]:
    """One row per target: figure, reference, ratio, PASS/FAIL."""
    sizes = results["sizes"]
    small, big = str(results["small"]), str(results["big"])
    rows = []

    def row(target, what, value, reference, unit, ratio=None):
        limit, kind = TARGETS[target]
        measured = ratio if ratio is not None else value
        ok = measured >= limit if kind == "min" else measured <= limit
        rows.append({"target": target, "what": what, "value": value, "reference": reference,
                     "unit": unit, "ratio": ratio,
                     "goal": f"{'≥' if kind == 'min' else '≤'} {limit:g}{'×' if ratio is not None else ' ' + unit}",
                     "pass": ok})

    for size, entry in sizes.items():
        if int(size) < 1000 and len(sizes) > 1 and size != big:
            continue  # rates of a tiny script are start-up noise
        imp, lib = entry["import"], entry["library"]
        row("import", f"import {size} (record_many)", imp["events_per_s"], lib["events_per_s"],
            "events/s", round(imp["events_per_s"] / lib["events_per_s"], 3))
        row("import", f"import {size} (CLI, with parsing)", entry["cli_import"]["events_per_s"],
            lib["events_per_s"], "events/s",
            round(entry["cli_import"]["events_per_s"] / lib["events_per_s"], 3))
        rep, raw = entry["replay"], entry["raw_read"]
        row("replay", f"replay {size}", rep["events_per_s"], raw["events_per_s"], "events/s",
            round(rep["events_per_s"] / raw["events_per_s"], 3))
    lat_small, lat_big = sizes[small]["latency"], sizes[big]["latency"]
    for mode in ("cli", "inprocess"):
        for target, key, what in (("status", "status_ms", "status Arin --json"),
                                  ("write", "write_ms", "attack")):
            row(target, f"{what} {big} vs {small} ({mode})", lat_big[mode][key],
                lat_small[mode][key], "ms", round(lat_big[mode][key] / lat_small[mode][key], 3))
    row("memory_mb", f"CLI import {big}: peak RSS", sizes[big]["cli_import"]["peak_rss_mb"],
        None, "MB")
    if "startup" in results:
        up = results["startup"]
        reference = up["median_ms"]["python"]
        for name in ("status", "log", "explain", "checkpoint"):
            value = up["median_ms"][name]
            row("startup", f"{name} on {up['commands']} commands vs python", value, reference,
                "ms", round(value / reference, 3))
        page = up["chronicle"]
        row("page_mb", f"chronicle of {up['commands']} commands", round(page["bytes"] / 2**20, 2),
            None, "MB")
    return rows


def table(rows: list[dict]) -> str:
    head = f"{'measure':<42} {'value':>12} {'reference':>12} {'ratio':>7} {'goal':>9}  result"
    lines = [head, "-" * len(head)]
    for r in rows:
        ref = "" if r["reference"] is None else f"{r['reference']:,}"
        ratio = "" if r["ratio"] is None else f"{r['ratio']:.3f}"
        lines.append(f"{r['what']:<42} {r['value']:>12,} {ref:>12} {ratio:>7} {r['goal']:>9}  "
                     f"{'PASS' if r['pass'] else 'FAIL'}")
    lines.append("(value and reference in " + ", ".join(sorted({r['unit'] for r in rows})) +
                 "; import: vs the library's batched append; replay: vs raw sqlite3 + json.loads;"
                 " latency: largest vs smallest campaign)")
    return "\n".join(lines)


def profile(size: int, workdir: Path, seed: int, top: int) -> dict:
    """cProfile of the import (parse + record_many) and of the replay at one size."""
    import cProfile
    import pstats

    from synth import write_script

    script = workdir / f"synth-{size}-s{seed}.yaml"
    if not script.exists():
        write_script(size, script, seed)
    out = HERE / "results"
    db = workdir / f"profile-{size}.db"
    remove_db(db)
    reports = {}
    for name, code in (("import", f"w_import({str(script)!r}, {str(db)!r})"),
                       ("replay", f"w_replay({str(db)!r})")):
        stats_file = workdir / f"profile-{name}-{size}.prof"
        cProfile.runctx(code, globals(), {}, str(stats_file))
        text_file = out / f"profile-{name}-{size}.txt"
        with text_file.open("w") as handle:
            stats = pstats.Stats(str(stats_file), stream=handle)
            stats.strip_dirs().sort_stats("tottime").print_stats(top)
            stats.sort_stats("cumulative").print_stats(top)
        reports[name] = str(text_file.relative_to(ROOT))
    remove_db(db)
    return reports


def main() -> None:
    parser = argparse.ArgumentParser(description="pangee speed and scale benchmark")
    parser.add_argument("--sizes", default="10,10000,100000",
                        help="comma-separated script lengths in steps (default 10,10000,100000)")
    parser.add_argument("--runs", type=int, default=7, help="samples per latency median")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each rate measurement; the best counts (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workdir", type=Path, help="keep scripts and stores here")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "latest.json")
    parser.add_argument("--profile", type=int, metavar="SIZE",
                        help="also profile import and replay at SIZE steps")
    parser.add_argument("--top", type=int, default=30, help="profile lines to keep")
    parser.add_argument("--startup-size", type=int, default=20000,
                        help="steps of the campaign read commands start on (0: skip)")
    args = parser.parse_args()
    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()})
    if len(sizes) < 2:
        parser.error("--sizes needs at least two sizes (the smallest is the latency reference)")

    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="pangee-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    (HERE / "results").mkdir(exist_ok=True)

    def log(text: str) -> None:
        print(f"  … {text}", file=sys.stderr, flush=True)

    started = time.perf_counter()
    try:
        results = measure(sizes, args.runs, args.repeat, workdir, args.seed, log,
                          args.startup_size)
        if args.profile:
            results["profiles"] = profile(args.profile, workdir, args.seed, args.top)
    finally:
        if args.workdir is None:
            shutil.rmtree(workdir, ignore_errors=True)
    rows = verdicts(results)
    results["verdicts"] = rows
    results["machine"] = {"python": platform.python_version(), "platform": platform.platform(),
                          "cpus": os.cpu_count(),
                          "eventsourcing": metadata.version("eventsourcing"),
                          "pyyaml": metadata.version("PyYAML")}
    results["when"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    results["seconds"] = round(time.perf_counter() - started, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(table(rows))
    print(f"\n{sum(r['pass'] for r in rows)}/{len(rows)} targets met; figures in {args.out} "
          f"({results['seconds']}s)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "_worker":
        print(json.dumps(WORKERS[sys.argv[2]](*sys.argv[3:])))
    else:
        main()
