#!/usr/bin/env python3
"""Writes each memory model's log loss and RMSE(bins) on a shared review log.

Usage: memory-models-reference.py OUTPUT.json

The log is the `py-fsrs` log of Tests/MemoQuizKitTests/Fixtures/
fsrs-optimizer-reference.json (the review log the FSRS authors test their
Python optimizer with; per question, reviews as [milliseconds, rating]).
The models are ported in plain Python from their public definitions:
SBD as srs-benchmark's models/sbd.py computes it (its guards, clamps and
order of operations); SBD+hours, the same but a same-day review at the
fraction of a day since the review before instead of at no time (FSRS-7's
reading of same-day intervals); FSRS-6 as the fsrs package's scheduler does. Days
between reviews are 24-hour blocks, rounded down; a review a day or more
after the one before is counted (predicted and scored), a same-day review
only moves the state. RMSE(bins) groups the counted reviews as fsrs-rs
does: by interval, number of counted reviews so far and lapses, each on a
logarithmic scale. Pure Python, float64: the output is the same on every run,
and the Swift tests hold memoquiz's figures to it within 1e-4.
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "Tests", "MemoQuizKitTests", "Fixtures", "fsrs-optimizer-reference.json")
DAY = 86_400_000

SBD_DEFAULTS = [-2.803101, 1.386926, 1.739235, -1.819954, 0.529839, -0.886052, -1.393709]
# Every default moved, so that no guard hides a mistake in a formula.
SBD_MOVED = [-1.9, 2.1, 2.6, -1.2, 0.9, -0.2, -0.6]
FSRS6_DEFAULTS = [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
                  0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]

LOG_S_MIN, LOG_S_MAX = -6.907755278982137, 10.505067539570582


def clamp(value, low, high):
    return min(max(value, low), high)


def safe_log(value):
    return math.log(max(value, 1e-9))


def safe_exp(value):
    return math.exp(clamp(value, -30.0, 30.0))


def softplus(value):
    return value if value > 20 else math.log1p(math.exp(value))


def logaddexp(a, b):
    high, low = (a, b) if a >= b else (b, a)
    return high + math.log1p(math.exp(low - high))


class SBD:
    def __init__(self, w, same_day_times=False):
        self.w = w
        self.same_day_times = same_day_times
        self.low = clamp(w[0], LOG_S_MIN, LOG_S_MAX)
        self.high = clamp(max(w[0], w[1]), LOG_S_MIN, LOG_S_MAX)
        self.log_rho = (self.high - self.low) / 3
        self.root = clamp(w[2], 0.5, 20.0)
        self.c = max(w[4], 0.0)
        self.delta = safe_exp(w[6])

    def shape(self, n):
        return safe_exp(self.w[3] + self.c * math.log(self.delta + n))

    def initial(self, rating):
        return (self.low + (self.high - self.low) * (rating - 1) / 3, rating - 1, max(0.0, (3 - rating) / 2))

    def recall(self, t, state):
        log_s, grade, n = state
        log_age = safe_log(max(t, 0.0)) / self.root
        log_b = 2 * self.w[5] / self.root - grade * self.log_rho
        log_a = logaddexp(log_age, 0.5 * (log_b + log_s))
        return clamp(safe_exp(-self.shape(n) * softplus(log_a - log_s)), 1e-6, 1 - 1e-6)

    def next(self, state, recall, rating):
        log_s, grade, n = state
        s = safe_exp(log_s)
        if rating > 1.5:
            new = s * safe_exp(-safe_log(recall) / self.shape(n))
        else:
            new = s * safe_exp(self.c * safe_log(1.0 - recall))
        return (clamp(safe_log(new), LOG_S_MIN, LOG_S_MAX), rating - 1, clamp(n + max((3 - rating) / 2, 0.0), 0.0, 50.0))

    def predictions(self, ratings, days, fractions):
        state = self.initial(ratings[0])
        out = [None]
        for rating, elapsed, fraction in zip(ratings[1:], days[1:], fractions[1:]):
            recall = self.recall(fraction if elapsed == 0 and self.same_day_times else float(elapsed), state)
            out.append(recall if elapsed > 0 else None)
            state = self.next(state, recall, rating)
        return out


class FSRS6:
    def __init__(self, w):
        self.w = w
        self.decay = -w[20]
        self.factor = 0.9 ** (1 / self.decay) - 1

    def predictions(self, ratings, days, fractions):
        w = self.w
        s = w[ratings[0] - 1]
        d = w[4] - math.exp(w[5] * (ratings[0] - 1)) + 1
        s, d = max(s, 0.001), clamp(d, 1, 10)
        easy = w[4] - math.exp(3 * w[5]) + 1
        out = [None]
        for rating, elapsed in zip(ratings[1:], days[1:]):
            if elapsed >= 1:
                r = (1 + self.factor * elapsed / s) ** self.decay
                out.append(r)
                if rating == 1:
                    long_term = w[11] * d ** -w[12] * ((s + 1) ** w[13] - 1) * math.exp((1 - r) * w[14])
                    new_s = min(long_term, s / math.exp(w[17] * w[18]))
                else:
                    bonus = w[15] if rating == 2 else (w[16] if rating == 4 else 1)
                    new_s = s * (1 + math.exp(w[8]) * (11 - d) * s ** -w[9] * (math.exp((1 - r) * w[10]) - 1) * bonus)
            else:
                out.append(None)
                factor = math.exp(w[17] * (rating - 3 + w[18])) * s ** -w[19]
                if rating > 1:
                    factor = max(factor, 1)
                new_s = s * factor
            delta = -w[6] * (rating - 3)
            new_d = w[7] * easy + (1 - w[7]) * (d + (10 - d) * delta / 9)
            s, d = max(new_s, 0.001), clamp(new_d, 1, 10)
        return out


def bin_of(value, base, scale):
    return int(math.floor(scale * base ** math.floor(math.log(value) / math.log(base)) + 0.5))


def metrics(model, histories):
    loss = 0.0
    count = 0
    bins = {}
    for history in histories:
        reviews = sorted(enumerate(history), key=lambda item: (item[1][0], item[0]))
        times = [review[1][0] for review in reviews]
        ratings = [review[1][1] for review in reviews]
        days = [0] + [max(0, (later - earlier) // DAY) for earlier, later in zip(times, times[1:])]
        fractions = [0.0] + [max(0, later - earlier) / DAY for earlier, later in zip(times, times[1:])]
        predicted = model.predictions(ratings, days, fractions)
        counted = 0
        lapses = 0
        for index in range(1, len(ratings)):
            if days[index] <= 0:
                continue
            counted += 1
            recall = predicted[index]
            label = 1.0 if ratings[index] > 1 else 0.0
            loss -= label * max(math.log(recall), -100) + (1 - label) * max(math.log(1 - recall), -100)
            count += 1
            key = (bin_of(days[index], 3.62, 248.0), bin_of(counted + 1, 1.89, 1.99),
                   0 if lapses == 0 else bin_of(lapses, 1.73, 1.65))
            entry = bins.setdefault(key, [0.0, 0.0, 0.0])
            entry[0] += recall
            entry[1] += label
            entry[2] += 1
            if label == 0:
                lapses += 1
    squared = sum((p / n - a / n) ** 2 * n for p, a, n in (bins[key] for key in sorted(bins)))
    total = sum(entry[2] for entry in bins.values())
    return {"logLoss": round(loss / count, 10), "rmseBins": round(math.sqrt(squared / total), 10), "reviews": count}


def main():
    with open(FIXTURE) as file:
        fixture = json.load(file)
    log = next(log for log in fixture["logs"] if log["name"] == "py-fsrs")
    histories = log["histories"]
    cases = [("SBD", "defaults", SBD_DEFAULTS, SBD), ("SBD", "moved", SBD_MOVED, SBD),
             ("SBD+hours", "defaults", SBD_DEFAULTS, lambda w: SBD(w, same_day_times=True)),
             ("SBD+hours", "moved", SBD_MOVED, lambda w: SBD(w, same_day_times=True)),
             ("FSRS-6", "defaults", FSRS6_DEFAULTS, FSRS6)]
    out = {"log": "py-fsrs", "cases": []}
    for model, name, parameters, kind in cases:
        out["cases"].append({"model": model, "name": name, "parameters": parameters, **metrics(kind(parameters), histories)})
    with open(sys.argv[1], "w") as file:
        json.dump(out, file, indent=1, sort_keys=True)
        file.write("\n")


if __name__ == "__main__":
    main()
