#!/usr/bin/env python3
"""memoquiz's FSRS-6 optimizer beside Anki's (the Rust optimizer in the
`anki` package's backend, fsrs-rs) and the FSRS authors' Python optimizer.

Usage: optimizer.py OPTIMIZER-BENCHMARK FIXTURE.json
  OPTIMIZER-BENCHMARK: the release build of memoquiz-optimizer-benchmark
  FIXTURE.json: Tests/MemoQuizKitTests/Fixtures/fsrs-optimizer-reference.json
(needs `pip install anki==26.9.3`)

1. Second opinion: each log of the fixture fitted by Anki's optimizer and by
   memoquiz's, every fit's log loss computed the same way (the Python
   optimizer's: mean over counted reviews of each question's first 64
   reviews), beside the Python optimizer's own from the fixture.
2. Time: memoquiz's fit (in process, release build) against Anki's
   `compute_fsrs_params_from_items` on the same 100,000 answers (median of 3
   runs each), and memoquiz's alone on 1,000,000, with its peak memory.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from anki._backend import RustBackend
from anki.scheduler_pb2 import FsrsItem, FsrsReview

DAY_MS = 86_400_000


def write_log(histories, path):
    with open(path, "w") as file:
        for number, history in enumerate(histories):
            for moment, rating in history:
                file.write(f"{number} {moment} {rating}\n")


def read_log(path):
    questions = {}
    with open(path) as file:
        for line in file:
            number, moment, rating = line.split()
            questions.setdefault(int(number), []).append([int(moment), int(rating)])
    return [sorted(questions[number], key=lambda review: review[0]) for number in sorted(questions)]


def fsrs_items(histories):
    """Anki's training items: for each review a whole day or more after the
    one before, the question's reviews up to it, with whole days between."""
    items = []
    for history in histories:
        reviews = []
        previous = None
        for moment, rating in history:
            delta = 0 if previous is None else max(0, (moment - previous) // DAY_MS)
            reviews.append(FsrsReview(rating=rating, delta_t=delta))
            if previous is not None and delta > 0:
                items.append(FsrsItem(reviews=list(reviews)))
            previous = moment
    return items


def run(binary, *arguments):
    output = subprocess.run([binary, *arguments], check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def anki_fit(backend, items):
    start = time.perf_counter()
    parameters = list(backend.compute_fsrs_params_from_items(items=items).params)
    return parameters, time.perf_counter() - start


def main():
    binary, fixture_path = sys.argv[1], sys.argv[2]
    backend = RustBackend()
    with open(fixture_path) as file:
        fixture = json.load(file)
    folder = tempfile.mkdtemp()
    length = str(fixture["maximumLength"])

    print("Log loss of fitted parameters (lower is better), the Python optimizer's measure")
    print(f"{'log':<16}{'reviews':>8}{'defaults':>10}{'py-fsrs':>10}{'Anki':>10}{'memoquiz':>10}")
    for log in fixture["logs"]:
        path = os.path.join(folder, log["name"] + ".txt")
        write_log(log["histories"], path)
        anki_parameters, _ = anki_fit(backend, fsrs_items(log["histories"]))
        anki = run(binary, "evaluate", path, ",".join(map(repr, anki_parameters)), length)
        memoquiz = run(binary, "fit", path, length)
        print(f"{log['name']:<16}{log['reviews']:>8}{log['defaultLogLoss']:>10.4f}{log['fittedLogLoss']:>10.4f}"
              f"{anki['logLoss']:>10.4f}{memoquiz['logLoss']:>10.4f}")

    print()
    print("Fitting time (median of 3), release build; Anki: compute_fsrs_params_from_items")
    for answers, with_anki in [(100_000, True), (1_000_000, False)]:
        path = os.path.join(folder, f"log-{answers}.txt")
        subprocess.run([binary, "generate", str(answers), path, "1"], check=True)
        runs = [run(binary, "fit", path) for _ in range(3)]
        seconds = statistics.median(result["seconds"] for result in runs)
        result = runs[0]
        growth = result["peakBytesDuringFit"] - result["bytesBeforeFit"]
        line = (f"{answers:>9,} answers ({result['reviews']:,} counted): memoquiz {seconds:6.2f} s, "
                f"memory +{growth / 1e6:.1f} MB for a {result['historyBytes'] / 1e6:.1f} MB history "
                f"({growth / result['historyBytes']:.2f}x)")
        if with_anki:
            items = fsrs_items(read_log(path))
            anki_runs = [anki_fit(backend, items) for _ in range(3)]
            anki_seconds = statistics.median(seconds for _, seconds in anki_runs)
            anki_loss = run(binary, "evaluate", path, ",".join(map(repr, anki_runs[0][0])))["logLoss"]
            line += (f"; Anki {anki_seconds:6.2f} s ({seconds / anki_seconds:.2f}x); "
                     f"log loss memoquiz {result['logLoss']:.4f}, Anki {anki_loss:.4f}")
        print(line)


if __name__ == "__main__":
    main()
