"""Compares `memoquiz optimize --evaluate` with Anki's own evaluation.

Usage: python anki-evaluate.py MEMOQUIZ_BINARY   (needs `pip install anki==26.9.3`)

The review log the FSRS authors test their Python optimizer with
(Scripts/data/py-fsrs-review-log.csv, read as Scripts/fsrs-optimizer-reference.py
reads it) becomes an Anki collection: one Basic note per card, each card's
reviews in its review log (the first a learning step, as Anki requires of a
card it trains on). Anki 26.9.3 then evaluates it as its deck options' Evaluate
button does (`evaluate_params`: fsrs-rs's time-series splits, fitting on each
prefix of the reviews and predicting the next fold), and runs its health check
(`compute_fsrs_params` with `health_check`), the verdict Anki shows after
optimizing.

The collection, exported as a package with its scheduling, is imported into
an empty memoquiz data folder, and `memoquiz optimize --evaluate --json` must
give the same verdict, with its log loss and RMSE(bins) printed beside Anki's
and their 1% target. Both run with TZ=UTC and the day starting at 4:00, Anki's
default.

The fitting is proved first on the whole log: Anki's own fit
(`compute_fsrs_params`: fsrs-rs 6.6, card by card, 8 epochs, the batches in
the order rand's StdRng seeded with 2023 shuffles them) and
`memoquiz optimize --dry-run --json` must give the same 21 parameters to
1e-3 (float32 against float64). Then the time-series figures must be within
1% of Anki's, log loss and RMSE(bins) alike. Before that,
the evaluation itself is proved apart from the fitting: a small FSRS-6
forward pass here, with fsrs-rs's binning (`r_matrix_index`, `rmse_bins`),
must reproduce Anki's `evaluate_params_legacy` of the published defaults on
the whole log (recency-weighted, as fsrs-rs's `evaluate`), and memoquiz's
figures for the parameters in use (the defaults) on its held-out reviews.
It then replays the folds with fsrs-rs's fits made by Anki two ways and
prints both: from each fold's bare items (`compute_fsrs_params_from_items`,
fsrs-rs's batches of items, as memoquiz's optimizer makes them), and from a
collection of the reviews before the fold (`compute_fsrs_params`, where Anki
hands fsrs-rs the card ids and fsrs-rs batches the reviews card by card, its
`build_windowed_batches`). The second must give Anki's `evaluate_params`
figures exactly, so that a gap left between memoquiz and Anki is known to be
in the fitting, not in the evaluation.
"""

import csv
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime

os.environ["TZ"] = "UTC"

from anki.collection import Collection, ExportAnkiPackageOptions, ImportCsvRequest  # noqa: E402
from anki.import_export_pb2 import ExportLimit  # noqa: E402
from anki.scheduler_pb2 import FsrsItem, FsrsReview  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# How far memoquiz's time-series figures may be from Anki's.
LOG_LOSS_TOLERANCE = 0.01
RMSE_BINS_TOLERANCE = 0.01
# A fit of the whole log is fsrs-rs's up to float32 rounding.
FIT_TOLERANCE = 1e-3
# A forward pass and binning that are the same computation agree far closer.
REPLICA_TOLERANCE = 1e-4
DEFAULTS = [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
            1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]


def read_log():
    """Per card id, its reviews in time order: (milliseconds, rating, duration)."""
    cards = {}
    with open(os.path.join(HERE, "data", "py-fsrs-review-log.csv"), newline="") as file:
        for row in csv.DictReader(file):
            moment = datetime.fromisoformat(row["review_time"])
            milliseconds = int(round(moment.timestamp() * 1000))
            cards.setdefault(int(row["card_id"]), []).append(
                (milliseconds, int(row["review_rating"]), int(row["review_duration"])))
    return {card: sorted(reviews) for card, reviews in cards.items()}


def build_collection(work, log):
    collection = Collection(os.path.join(work, "collection.anki2"))
    text = os.path.join(work, "notes.txt")
    with open(text, "w") as file:
        file.write("#separator:tab\n#html:false\n#notetype column:1\n#deck column:2\n")
        for card in sorted(log):
            file.write(f"Basic\tpy-fsrs\tcard {card}\tanswer {card}\n")
    collection.import_csv(ImportCsvRequest(path=text, metadata=collection.get_csv_metadata(path=text, delimiter=None)))
    by_front = {}
    for card_id in collection.find_cards(""):
        card = collection.get_card(card_id)
        by_front[card.note()["Front"]] = card_id
    rows = []
    used = set()
    for card in sorted(log):
        card_id = by_front[f"card {card}"]
        for index, (milliseconds, rating, duration) in enumerate(log[card]):
            review_id = milliseconds
            while review_id in used:  # revlog ids are unique; the log has none the same, but be sure
                review_id += 1
            used.add(review_id)
            kind = 0 if index == 0 else (2 if rating == 1 else 1)
            rows.append((review_id, card_id, -1, rating, 1, 0, 2500, duration, kind))
        collection.db.execute("update cards set type=2, queue=2, ivl=1, due=0, reps=? where id=?",
                              len(log[card]), card_id)
    collection.db.executemany(
        "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)", rows)
    return collection


def fsrs_items(log):
    """fsrs-rs's items, as Anki makes them: one per review a day or more after the
    one before (days starting at 4:00 UTC), holding the card's reviews so far,
    in time order, each with its time in milliseconds."""
    items = []
    for card, reviews in log.items():
        so_far, previous = [], None
        for index, (milliseconds, rating, _) in enumerate(reviews):
            day = (milliseconds // 1000 - 4 * 3600) // 86400
            so_far.append((rating, 0 if previous is None else day - previous))
            previous = day
            if index >= 1 and so_far[-1][1] > 0:
                items.append((milliseconds, card, list(so_far)))
    items.sort(key=lambda item: (item[0], item[1]))
    return [(milliseconds, reviews) for milliseconds, _, reviews in items]


def predict(w, reviews):
    """FSRS-6's predicted recall of an item's last review, from the ones before."""
    factor = 0.9 ** (-1 / w[20]) - 1

    def recall(days, stability):
        return (1 + factor * days / stability) ** -w[20]

    stability = difficulty = 0.0
    for index, (rating, days) in enumerate(reviews[:-1]):
        if index == 0:
            stability = w[rating - 1]
            difficulty = min(max(w[4] - math.exp(w[5] * (rating - 1)) + 1, 1), 10)
            continue
        if days == 0:
            growth = math.exp(w[17] * (rating - 3 + w[18])) * stability ** -w[19]
            new = stability * (max(growth, 1) if rating > 1 else growth)
        elif rating == 1:
            r = recall(days, stability)
            new = min(w[11] * difficulty ** -w[12] * ((stability + 1) ** w[13] - 1) * math.exp((1 - r) * w[14]),
                      stability / math.exp(w[17] * w[18]))
        else:
            r = recall(days, stability)
            bonus = w[15] if rating == 2 else (w[16] if rating == 4 else 1)
            new = stability * (1 + math.exp(w[8]) * (11 - difficulty) * stability ** -w[9]
                               * (math.exp((1 - r) * w[10]) - 1) * bonus)
        damped = difficulty + (10 - difficulty) * (-w[6] * (rating - 3)) / 9
        difficulty = min(max(w[7] * (w[4] - math.exp(3 * w[5]) + 1) + (1 - w[7]) * damped, 1), 10)
        stability = max(new, 0.001)
    return recall(reviews[-1][1], stability)


def r_matrix_index(reviews):
    """fsrs-rs's group of an item: its interval, long-term review count and lapses."""
    days = round(2.48 * 3.62 ** math.floor(math.log(reviews[-1][1], 3.62)) * 100)
    length = sum(1 for _, elapsed in reviews if elapsed > 0) + 1
    length_bin = round(1.99 * 1.89 ** math.floor(math.log(length, 1.89)))
    lapses = sum(1 for rating, elapsed in reviews[:-1] if rating == 1 and elapsed > 0)
    return days, length_bin, 0 if lapses == 0 else round(1.65 * 1.73 ** math.floor(math.log(lapses, 1.73)))


def metrics(predicted, weights=None):
    """Weighted log loss and RMSE(bins) of (parameters, item) pairs, as fsrs-rs computes them."""
    weights = weights or [1.0] * len(predicted)
    loss = total = 0.0
    bins = {}
    for (w, reviews), weight in zip(predicted, weights):
        p, label = predict(w, reviews), 1.0 if reviews[-1][0] > 1 else 0.0
        loss -= weight * (label * math.log(p) + (1 - label) * math.log(1 - p))
        total += weight
        group = bins.setdefault(r_matrix_index(reviews), [0.0, 0.0, 0, 0.0])
        group[0] += p
        group[1] += label
        group[2] += 1
        group[3] += weight
    squared = sum((g[0] / g[2] - g[1] / g[2]) ** 2 * g[3] for g in bins.values())
    return loss / total, math.sqrt(squared / sum(g[3] for g in bins.values()))


def folds(items):
    """fsrs-rs's time-series splits: (training items, held-out items) for each of five folds."""
    segment = len(items) // 6
    return [(items[:(k + 1) * segment], items[(k + 1) * segment:len(items) if k == 4 else (k + 2) * segment])
            for k in range(5)]


def replay_folds(collection, items):
    """The time-series evaluation with fsrs-rs's fits made by Anki two ways: from each
    fold's bare items, and from the collection's reviews before the fold, as Anki's
    `evaluate_params` fits it (with card ids). Cuts the collection's review log
    down fold by fold, the last first. Returns both metrics."""
    from_items, from_collection = [], []
    for training, held in reversed(folds(items)):
        reviews = [FsrsItem(reviews=[FsrsReview(rating=r, delta_t=t) for r, t in item]) for _, item in training]
        params = list(collection._backend.compute_fsrs_params_from_items(reviews).params)
        from_items.extend((params, item) for _, item in held)
        collection.db.execute("delete from revlog where id >= ?", held[0][0])
        params = list(collection._backend.compute_fsrs_params(
            search="", current_params=[], ignore_revlogs_before_ms=0, num_of_relearning_steps=1,
            health_check=False).params)
        from_collection.extend((params, item) for _, item in held)
    return metrics(from_items), metrics(from_collection)


def export_package(collection, path):
    limit = ExportLimit()
    limit.whole_collection.SetInParent()
    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False, with_media=False, legacy=False)
    collection.export_anki_package(out_path=path, options=options, limit=limit)


def whole_fit(binary, work, log):
    """Anki's and memoquiz's parameters fitted to the whole log: (Anki's, memoquiz's)."""
    folder = os.path.join(work, "whole-log")
    os.mkdir(folder)
    collection = build_collection(folder, log)
    anki = list(collection._backend.compute_fsrs_params(
        search="", current_params=[], ignore_revlogs_before_ms=0, num_of_relearning_steps=1,
        health_check=False).params)
    package = os.path.join(folder, "whole-log.apkg")
    export_package(collection, package)
    collection.close()
    home = os.path.join(folder, "memoquiz")
    memoquiz(binary, home, "import", package)
    fitted = json.loads(memoquiz(binary, home, "optimize", "--dry-run", "--json"))["fitted"]
    return anki, fitted["parameters"] if fitted else None


def memoquiz(binary, home, *arguments):
    result = subprocess.run([binary, *arguments], capture_output=True, text=True,
                            env=dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1", TZ="UTC"))
    if result.returncode != 0:
        sys.exit(f"error: memoquiz {' '.join(arguments)} failed ({result.returncode}): {result.stderr}")
    return result.stdout


def main():
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="memoquiz-anki-evaluate-")
    log = read_log()
    collection = build_collection(work, log)
    backend = collection._backend
    anki = backend.evaluate_params(search="", ignore_revlogs_before_ms=0, num_of_relearning_steps=1)
    computed = backend.compute_fsrs_params(search="", current_params=[], ignore_revlogs_before_ms=0,
                                           num_of_relearning_steps=1, health_check=True)
    anki_health = computed.health_check_passed if computed.HasField("health_check_passed") else None
    items = fsrs_items(log)
    legacy = backend.evaluate_params_legacy(params=DEFAULTS, search="", ignore_revlogs_before_ms=0)
    last = max(len(items) - 1, 1)
    replica_legacy = metrics([(DEFAULTS, item) for _, item in items],
                             [0.25 + 0.75 * (index / last) ** 3 for index in range(len(items))])
    replica_in_use = metrics([(DEFAULTS, item) for _, held in folds(items) for _, item in held])
    package = os.path.join(work, "py-fsrs.apkg")
    export_package(collection, package)
    item_fits, card_fits = replay_folds(collection, items)
    collection.close()
    fit_anki, fit_ours = whole_fit(binary, work, log)

    home = os.path.join(work, "memoquiz")
    memoquiz(binary, home, "import", package)
    report = json.loads(memoquiz(binary, home, "optimize", "--evaluate", "--json"))
    evaluation = report["evaluation"]
    fitted = evaluation["fitted"]
    ours_health = evaluation["healthCheck"]["passed"] if evaluation["healthCheck"] else None

    def gap(ours, theirs):
        return abs(ours - theirs) / theirs

    print(f"py-fsrs's review log: {sum(len(r) for r in log.values())} answers, {len(log)} cards, "
          f"{computed.fsrs_items} reviews Anki trains on, {report['reviews']} memoquiz counts")
    print("time-series evaluation      log loss   RMSE(bins)   health check")
    print(f"Anki 26.9.3 (fsrs-rs)       {anki.log_loss:8.4f}   {anki.rmse_bins * 100:9.2f}%   {anki_health}")
    print(f"memoquiz optimize           {fitted['logLoss']:8.4f}   {fitted['rmseBins'] * 100:9.2f}%   {ours_health}")
    print(f"  (parameters in use)       {evaluation['current']['logLoss']:8.4f}   "
          f"{evaluation['current']['rmseBins'] * 100:9.2f}%")
    print(f"  (Anki's fits, by items)   {item_fits[0]:8.4f}   {item_fits[1] * 100:9.2f}%")
    print(f"  (Anki's fits, by cards)   {card_fits[0]:8.4f}   {card_fits[1] * 100:9.2f}%")
    print(f"difference: log loss {gap(fitted['logLoss'], anki.log_loss) * 100:.2f}%, "
          f"RMSE(bins) {gap(fitted['rmseBins'], anki.rmse_bins) * 100:.2f}%")
    if fit_ours:
        fit_gap = max(abs(ours - theirs) for ours, theirs in zip(fit_ours, fit_anki))
        print(f"fit of the whole log: parameters within {fit_gap:.6f} of Anki's")
    print("the same predictions and bins (published defaults):")
    print(f"  whole log, recency-weighted: Anki {legacy.log_loss:.6f} {legacy.rmse_bins * 100:.4f}%, "
          f"here {replica_legacy[0]:.6f} {replica_legacy[1] * 100:.4f}%")
    print(f"  held-out reviews: memoquiz {evaluation['current']['logLoss']:.6f} "
          f"{evaluation['current']['rmseBins'] * 100:.4f}%, here {replica_in_use[0]:.6f} {replica_in_use[1] * 100:.4f}%")
    failures = []
    if gap(replica_legacy[0], legacy.log_loss) > REPLICA_TOLERANCE or \
            gap(replica_legacy[1], legacy.rmse_bins) > REPLICA_TOLERANCE:
        failures.append("this script's binning no longer reproduces Anki's")
    if gap(evaluation["current"]["logLoss"], replica_in_use[0]) > REPLICA_TOLERANCE or \
            gap(evaluation["current"]["rmseBins"], replica_in_use[1]) > REPLICA_TOLERANCE:
        failures.append("memoquiz's held-out predictions or bins differ from fsrs-rs's")
    if gap(card_fits[0], anki.log_loss) > REPLICA_TOLERANCE or gap(card_fits[1], anki.rmse_bins) > REPLICA_TOLERANCE:
        failures.append("Anki's folds, replayed here, no longer give Anki's evaluation")
    if not fit_ours or fit_gap > FIT_TOLERANCE:
        failures.append("memoquiz's fit of the whole log is not fsrs-rs's")
    for name, ours, theirs, tolerance in [
            ("log loss", fitted["logLoss"], anki.log_loss, LOG_LOSS_TOLERANCE),
            ("RMSE(bins)", fitted["rmseBins"], anki.rmse_bins, RMSE_BINS_TOLERANCE)]:
        if gap(ours, theirs) > tolerance:
            failures.append(f"{name} differs by more than {tolerance:.0%}")
    if ours_health != anki_health:
        failures.append(f"health verdict {ours_health}, Anki's {anki_health}")
    if report["installed"]:
        failures.append("--evaluate installed parameters")
    shutil.rmtree(work)
    if failures:
        sys.exit("error: " + "; ".join(failures))
    print("memoquiz's fit and evaluation are Anki's")


if __name__ == "__main__":
    main()
