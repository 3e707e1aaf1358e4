#!/usr/bin/env python3
"""Writes FSRS-6 optimizer reference values from the FSRS authors' optimizer.

Usage: fsrs-optimizer-reference.py OUTPUT.json
(needs `pip install fsrs==6.3.2 numpy pandas tqdm` and torch; see .ci/run)

For each review log it records the histories (per question: reviews in time
order, as [milliseconds since 1970, rating]), the number of counted reviews
(a whole day or more after the one before), the log loss of the default
parameters, and the parameters `fsrs.Optimizer` fits with their log loss, as
`Optimizer._compute_batch_loss` computes it (each question's first 64
reviews). The logs:
- `py-fsrs`: the review log the fsrs package tests its optimizer with
  (Scripts/data/py-fsrs-review-log.csv, from the py-fsrs repository's
  tests/, MIT licence; 12,580 reviews);
- `memoquiz-*`: logs in memoquiz's shape (Again, Hard after the hint, Good;
  a question answered wrongly is asked again later in the same round until
  answered right; rounds at random times of day, some days skipped), made by
  a seeded generator from a simulated learner whose memory follows FSRS-6
  with parameters of its own.

Then, for small batches and fixed parameters, the mean log loss and its 21
partial derivatives as torch's autograd computes them through
`fsrs.Scheduler`. The seeds are fixed and the computation is in float64,
so the output is the same on every run.
"""
import csv
import json
import multiprocessing
import os
import random
import sys
from datetime import datetime, timedelta, timezone

import torch
from torch.nn import BCELoss

import fsrs
from fsrs import Card, Rating, ReviewLog, Scheduler
from fsrs.optimizer import Optimizer
from fsrs.scheduler import DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS

SEED = 20261125
MAX_SEQ_LEN = 64
HERE = os.path.dirname(os.path.abspath(__file__))


def milliseconds(moment):
    assert moment.microsecond % 1000 == 0, "times must be whole milliseconds"
    return int(round(moment.timestamp() * 1000))


# Fixed parameters for the gradient check: the defaults; the values the fsrs
# package's own optimizer test expects (tests/test_optimizer.py); and a
# strong same-day effect, so that lapses take the same-day floor.
GRADIENT_CASES = [
    ("defaults", list(DEFAULT_PARAMETERS)),
    ("fsrs test's fitted", [
        0.12340357383516173, 1.2931, 2.397673571899466, 8.2956, 6.686820427099132, 0.45021679958387956,
        3.077875127553957, 0.053520395733247045, 1.6539992229052127, 0.1466206769107436, 0.6300772488850335,
        1.611965002575047, 0.012840136810798864, 0.34853762746216305, 1.8878958285806287, 0.8546376191171063,
        1.8729, 0.6748536823468675, 0.20451266082721842, 0.22622814695113844, 0.46030603398979064]),
    ("strong same-day", list(DEFAULT_PARAMETERS[:17]) + [1.6, 1.2, 0.4, DEFAULT_PARAMETERS[20]]),
]


def read_package_log():
    logs = []
    with open(os.path.join(HERE, "data", "py-fsrs-review-log.csv"), newline="") as file:
        for row in csv.DictReader(file):
            logs.append(ReviewLog(
                card_id=int(row["card_id"]), rating=Rating(int(row["review_rating"])),
                review_datetime=datetime.fromisoformat(row["review_time"]),
                review_duration=int(row["review_duration"])))
    return logs


def learner_parameters(generator):
    """A learner unlike the average: each default moved by up to ±35%."""
    values = []
    for index, value in enumerate(DEFAULT_PARAMETERS):
        moved = value * generator.uniform(0.65, 1.35)
        values.append(min(max(moved, LOWER_BOUNDS_PARAMETERS[index]), UPPER_BOUNDS_PARAMETERS[index]))
    return values


def memoquiz_log(generator, questions, days, new_per_day, skip_chance):
    """Review rounds of a simulated learner, as memoquiz records them."""
    truth = Scheduler(parameters=learner_parameters(generator), learning_steps=(), relearning_steps=(),
                      desired_retention=0.9, enable_fuzzing=False)
    start = datetime(2026, 1, 5, tzinfo=timezone.utc)
    cards = {}
    logs = []
    introduced = 0
    for day in range(days):
        if generator.random() < skip_chance:
            continue
        moment = start + timedelta(days=day, hours=generator.uniform(6, 22))
        moment = moment.replace(microsecond=0)
        due = [card_id for card_id, card in cards.items() if card.due <= moment]
        fresh = []
        while introduced < questions and len(fresh) < new_per_day:
            introduced += 1
            fresh.append(introduced)
        queue = due + fresh
        generator.shuffle(queue)
        while queue:
            card_id = queue.pop(0)
            card = cards.get(card_id, Card(card_id=card_id))
            if card.last_review is None:
                recall = generator.random() < 0.55
            elif (moment - card.last_review).days < 1:
                recall = generator.random() < 0.8
            else:
                recall = generator.random() < truth.get_card_retrievability(card, moment)
            if not recall:
                rating = Rating.Again
                queue.insert(min(3, len(queue)), card_id)
            else:
                rating = Rating.Hard if generator.random() < 0.15 else Rating.Good
            cards[card_id], _ = truth.review_card(card, rating, review_datetime=moment)
            logs.append(ReviewLog(card_id=card_id, rating=rating, review_datetime=moment, review_duration=None))
            moment += timedelta(seconds=generator.randint(4, 40))
    return logs


def histories(logs):
    """Per question in card-id order, its reviews in time order."""
    cards = {}
    for log in logs:
        cards.setdefault(log.card_id, []).append(log)
    result = []
    for card_id in sorted(cards):
        reviews = sorted(cards[card_id], key=lambda log: log.review_datetime)
        result.append([[milliseconds(log.review_datetime), int(log.rating)] for log in reviews])
    return result


def counted_reviews(history):
    return sum(1 for index in range(1, len(history))
               if (history[index][0] - history[index - 1][0]) // 86_400_000 > 0)


def loss_and_gradient(history_list, parameters):
    """The mean log loss over counted reviews and its gradient, by autograd."""
    weights = torch.tensor(parameters, dtype=torch.float64, requires_grad=True)
    scheduler = Scheduler(parameters=weights)
    loss_function = BCELoss()
    losses = []
    for history in history_list:
        card = None
        for time, rating in history[:MAX_SEQ_LEN]:
            moment = datetime.fromtimestamp(time / 1000, tz=timezone.utc)
            if card is None:
                card = Card(card_id=1, due=moment)
            predicted = scheduler.get_card_retrievability(card=card, current_datetime=moment)
            if card.last_review and (moment - card.last_review).days > 0:
                label = torch.tensor(1.0 if rating > 1 else 0.0, dtype=torch.float64)
                losses.append(loss_function(predicted, label))
            card, _ = scheduler.review_card(card=card, rating=Rating(rating), review_datetime=moment)
    loss = torch.sum(torch.stack(losses)) / len(losses)
    loss.backward()
    return loss.item(), [value.item() for value in weights.grad]


def fit_log(name, review_logs):
    """The reference optimizer's fit of one log, and the log itself."""
    torch.set_num_threads(1)
    optimizer = Optimizer(review_logs)
    fitted = [float(value) for value in optimizer.compute_optimal_parameters()]
    history_list = histories(review_logs)
    return {
        "name": name,
        "reviews": sum(counted_reviews(history[:MAX_SEQ_LEN]) for history in history_list),
        "defaultLogLoss": optimizer._compute_batch_loss(parameters=list(DEFAULT_PARAMETERS)),
        "fittedParameters": fitted,
        "fittedLogLoss": optimizer._compute_batch_loss(parameters=fitted),
        "histories": history_list,
    }


def main():
    output = sys.argv[1]
    torch.set_num_threads(1)
    generator = random.Random(SEED)
    logs = {
        "py-fsrs": read_package_log(),
        "memoquiz-small": memoquiz_log(generator, questions=80, days=90, new_per_day=8, skip_chance=0.25),
        "memoquiz-large": memoquiz_log(generator, questions=300, days=150, new_per_day=10, skip_chance=0.2),
    }
    batch_source = histories(logs["memoquiz-small"])
    step = max(1, len(batch_source) // 16)
    batch = batch_source[::step][:16]
    gradient_cases = []
    for name, parameters in GRADIENT_CASES:
        loss, gradient = loss_and_gradient(batch, parameters)
        gradient_cases.append({"name": name, "parameters": parameters, "loss": loss, "gradient": gradient})
    if len(sys.argv) > 2 and sys.argv[2] == "--gradients-only":
        with open(output, "w") as file:
            json.dump({"maximumLength": MAX_SEQ_LEN, "logs": [], "gradientBatch": batch,
                       "gradientCases": gradient_cases}, file, separators=(",", ":"))
        return

    # Each log is fitted in a process of its own, so that the fits share
    # the machine's cores; the results do not depend on it.
    with multiprocessing.Pool(len(logs)) as pool:
        results = pool.starmap(fit_log, logs.items())
    for result in results:
        print(f"{result['name']}: {result['reviews']} counted reviews, "
              f"log loss {result['defaultLogLoss']:.5f} -> {result['fittedLogLoss']:.5f}", file=sys.stderr)

    with open(output, "w") as file:
        json.dump({"fsrs": fsrs.__version__ if hasattr(fsrs, "__version__") else "6.3.2",
                   "torch": torch.__version__.split("+")[0], "seed": SEED, "maximumLength": MAX_SEQ_LEN,
                   "logs": results, "gradientBatch": batch, "gradientCases": gradient_cases},
                  file, separators=(",", ":"))
        file.write("\n")


if __name__ == "__main__":
    main()
