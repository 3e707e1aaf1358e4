#!/usr/bin/env python3
"""Writes FSRS-6 reference values from the FSRS authors' implementation.

Usage: fsrs-reference.py OUTPUT.json  (needs `pip install fsrs==6.3.2`)

Each case is a random review history of one question: ratings at chosen
times (first reviews, lapses, Hard, same-day, early and late reviews). For
every review it records the stability, difficulty and unfuzzed interval that
`fsrs.Scheduler` computes with memoquiz's settings (default parameters,
retention 0.9, maximum interval 36,500 days, no learning steps), and the
range the interval may be fuzzed within. The Swift tests replay the same
histories and must agree. The seed is fixed, so the output is the same on
every run.
"""
import json
import random
import sys
from datetime import datetime, timedelta, timezone

import fsrs
import fsrs.scheduler as scheduler_module
from fsrs import Card, Rating, Scheduler

CASES = 240
SEED = 20261122


def fuzz_bounds(scheduler, interval_days):
    """The shortest and longest fuzzed interval, from the reference itself."""
    original = scheduler_module.random
    try:
        scheduler_module.random = lambda: 0.0
        low = scheduler._get_fuzzed_interval(interval=timedelta(days=interval_days)).days
        scheduler_module.random = lambda: 0.999999999
        high = scheduler._get_fuzzed_interval(interval=timedelta(days=interval_days)).days
    finally:
        scheduler_module.random = original
    return low, high


def main():
    output = sys.argv[1]
    generator = random.Random(SEED)
    scheduler = Scheduler(
        learning_steps=(), relearning_steps=(), desired_retention=0.9,
        maximum_interval=36500, enable_fuzzing=False)
    start = datetime(2026, 1, 5, 8, 0, tzinfo=timezone.utc)
    cases = []
    for number in range(CASES):
        card = Card()
        time = start + timedelta(minutes=generator.randrange(0, 60 * 24 * 30))
        reviews = []
        for _ in range(generator.randint(1, 14)):
            rating = Rating(generator.choices([1, 2, 3, 4], weights=[3, 2, 6, 1])[0])
            card, _ = scheduler.review_card(card, rating, review_datetime=time)
            interval = (card.due - time).days
            low, high = fuzz_bounds(scheduler, interval)
            reviews.append({
                "time": int(time.timestamp() * 1000),
                "rating": int(rating),
                "stability": card.stability,
                "difficulty": card.difficulty,
                "interval": interval,
                "fuzzMin": low,
                "fuzzMax": high,
            })
            kind = generator.choice(["same-day", "early", "on-time", "late", "very-late"])
            if kind == "same-day":
                step = timedelta(hours=generator.uniform(0.05, 23.5))
            elif kind == "early":
                step = timedelta(days=interval * generator.uniform(0.1, 0.9) + 1)
            elif kind == "on-time":
                step = timedelta(days=interval, hours=generator.uniform(0, 6))
            elif kind == "late":
                step = timedelta(days=interval * generator.uniform(1.1, 3.0))
            else:
                step = timedelta(days=interval * generator.uniform(3, 20) + 30)
            # Whole seconds, so that times in milliseconds are exact.
            time = (time + step).replace(microsecond=0)
        cases.append({"case": number, "reviews": reviews})
    with open(output, "w") as file:
        json.dump({"fsrs": fsrs.__version__ if hasattr(fsrs, "__version__") else "6.3.2",
                   "seed": SEED, "cases": cases}, file, indent=1)
        file.write("\n")


if __name__ == "__main__":
    main()
