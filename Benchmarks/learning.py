"""A month of practice by simulated learners, through the real memoquiz, beside the ceiling.

Usage: python3 learning.py MEMOQUIZ_BINARY [--seeds 2026,7,11] [--models exponential,power]
                           [--strategies random,round,review,weekly,checked,advised,fsrs6,sbd]
                           [--days 30] [--budget 25]
       python3 learning.py MEMOQUIZ_BINARY --exam [--seeds 2026] [--models exponential,power]

Each learner has a memory memoquiz cannot see: each question has its own
difficulty, and each studied question a stability and the day it was last
seen. Two models of that memory, so that nothing is tuned to one of them:

- exponential: the chance of recall after t days is exp(-t / S); a recall
  that was hard strengthens most (the spacing effect), a miss starts the
  memory again, weaker;
- power: forgetting with a heavy tail, (1 + t / S) ** -0.6, stability that
  grows less the stronger it already is, and a lapse that keeps a third of it.

Neither is FSRS. The learner answers at most BUDGET questions a day, at 9:00,
for DAYS days, with `MEMOQUIZ_NOW` set to that day, and what is kept is the
mean chance of recall over every question a month after the last day.

Strategies, each through the real binary:

- random: `memoquiz play Deck --strategy random`, a round after another;
- round: the group's review round, `memoquiz play Deck --strategy review`;
- review: the learner's day, `memoquiz review`, at the default settings;
- weekly: the same, with `memoquiz optimize` run at the end of every week:
  it installs the memory model that predicts best (the tournament's winner
  beyond the noise, else FSRS-6's fit);
- fsrs6: the same as weekly with FSRS-6 only, `optimize --model FSRS-6`
  (what weekly was before the tournament);
- sbd: the same as weekly with SBD+hours always, `optimize --model SBD+hours`;
- checked: the same, but `optimize` installs only when fitting predicted
  better on reviews it was not fitted on (`optimize --evaluate`);
- advised: the same as weekly, the learner also taking the desired retention that
  `optimize` recommends.

A strategy may carry settings to try, set with `memoquiz config` before the
first day: `review:new-per-day=8,desired-retention=0.85`.

The ceiling is an oracle that sees the learner's true memory: every day it
reviews the questions whose chance of recall has fallen below a target, then
brings in new questions up to a daily cap, on the same budget; a question it
misses is asked again the same day, as memoquiz does. Among a grid of targets
and caps, the best one for each learner and seed is the ceiling. Printed per
model and strategy: what is kept (mean over the seeds), that as a fraction of
the oracle, and the answers given.

The ceiling picks its target and cap after the fact, seed by seed, from 49
runs whose luck differs. The row "one policy" is the oracle held to the one
target and cap that keep the most over all the seeds: what seeing the
learner's true memory reaches when the policy is chosen before the dice
fall. Its lowest fraction of the ceiling is printed beside it.

With --exam, the exam scenario instead: the learner has 21 or 45 days until
an exam on 100 or 300 new questions, and answers everything `memoquiz review`
offers each day; once with `memoquiz exam Deck --on DATE` set on the first
day (recall 0.90 aimed at), once without. Printed: the learner's true mean
chance of recall on the exam day (not memoquiz's prediction), over every
question, and the answers given. Plain review at its default desired
retention (0.90) gives as many answers as it happens to; to compare for the
same number of answers, plain review is also played at desired retentions
from 0.80 to 0.97, and the recall it reaches with as many answers as the
goal gave is read off that curve (linearly between the two retentions whose
answers enclose the goal's, each raised to the best recall of any retention
with fewer answers; none when no two do).
"""

import argparse
import json
import math
import os
import random
import re
import shutil
import subprocess
import tempfile
from datetime import datetime, timedelta, timezone

QUESTIONS = 150
START = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
PROMPT = re.compile(r"^\[[^\]]*\] (?:.* · )?q(\d+)$")


class ExponentialLearner:
    """Exponential forgetting; a hard recall strengthens most."""

    name = "exponential"

    def __init__(self, seed):
        self.random = random.Random(seed)
        self.difficulty = [self.random.uniform(0.6, 1.8) for _ in range(QUESTIONS)]
        self.stability = [None] * QUESTIONS
        self.studied = [None] * QUESTIONS

    def recall(self, question, day):
        if self.stability[question] is None:
            return 0.0
        return math.exp(-(day - self.studied[question]) / self.stability[question])

    def learn(self, question, day, chance, recalled):
        difficulty = self.difficulty[question]
        if self.stability[question] is None:
            self.stability[question] = 1.5 / difficulty
        elif recalled:
            self.stability[question] *= 1.5 + 12.0 * (1 - chance) / difficulty
        else:
            self.stability[question] = max(1.0 / difficulty, self.stability[question] * 0.5)
        self.studied[question] = day

    def answer(self, question, day):
        """Tries to recall; returns whether it did, and learns from the verdict."""
        chance = self.recall(question, day)
        recalled = self.random.random() < chance
        self.learn(question, day, chance, recalled)
        return recalled

    def mean_recall(self, day):
        return sum(self.recall(q, day) for q in range(QUESTIONS)) / QUESTIONS


class PowerLearner(ExponentialLearner):
    """Forgetting with a heavy tail; growth that saturates; lapses keep a third."""

    name = "power"

    def recall(self, question, day):
        if self.stability[question] is None:
            return 0.0
        return (1 + (day - self.studied[question]) / self.stability[question]) ** -0.6

    def learn(self, question, day, chance, recalled):
        difficulty = self.difficulty[question]
        stability = self.stability[question]
        if stability is None:
            self.stability[question] = 0.8 / difficulty
        elif recalled:
            growth = 1.2 + 6.0 * (1 - chance) ** 0.7 * stability ** -0.25 / difficulty
            self.stability[question] = stability * growth
        else:
            self.stability[question] = max(0.5 / difficulty, stability / 3)
        self.studied[question] = day


MODELS = {learner.name: learner for learner in (ExponentialLearner, PowerLearner)}


def oracle(model, seed, days, budget, target, new_cap):
    """Plays DAYS days seeing the learner's memory; returns (kept, answers)."""
    learner = model(seed)
    seen = []
    answers = 0
    for day in range(days):
        left = budget
        due = sorted((learner.recall(q, day), q) for q in seen if learner.recall(q, day) < target)
        again = []
        for _, question in due:
            if left == 0:
                break
            left -= 1
            if not learner.answer(question, day):
                again.append(question)
        introduced = 0
        while left > 0 and introduced < new_cap and len(seen) < QUESTIONS:
            question = len(seen)
            seen.append(question)
            introduced += 1
            left -= 1
            if not learner.answer(question, day):
                again.append(question)
        # A miss is asked again the same day, as memoquiz's rounds do.
        while again and left > 0:
            question = again.pop(0)
            left -= 1
            if not learner.answer(question, day):
                again.append(question)
        answers += budget - left
    return learner.mean_recall(days + 30), answers


def oracle_grid(model, seed, days, budget):
    """The oracle over a grid of recall targets and new-question caps:
    (kept, answers) by (target, cap)."""
    return {(target, new_cap): oracle(model, seed, days, budget, target, new_cap)
            for target in (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95)
            for new_cap in (3, 5, 8, 10, 15, 20, budget)}


def ceiling(grid):
    """The best oracle of a seed's grid: (kept, answers, target, cap)."""
    (target, new_cap), (kept, answers) = max(grid.items(), key=lambda item: item[1][0])
    return kept, answers, target, new_cap


def one_policy(grids):
    """The oracle's best single target and cap for every seed (the most kept
    on average): what seeing the learner's memory reaches without choosing
    the policy after the fact. Returns ((target, cap), [(kept, answers)])."""
    policy = max(grids[0], key=lambda key: sum(grid[key][0] for grid in grids))
    return policy, [grid[policy] for grid in grids]


def command(strategy, seed, day):
    strategy = strategy.split(":")[0]
    if strategy == "random":
        return ["play", "Deck", "--strategy", "random", "--seed", str(seed * 1000 + day)]
    if strategy == "round":
        return ["play", "Deck", "--strategy", "review"]
    return ["review"]


def play_day(binary, home, strategy, learner, seed, day, budget):
    """Answers up to BUDGET questions on one day, in as many rounds as it takes."""
    now = (START + timedelta(days=day)).strftime("%Y-%m-%dT%H:%M:%SZ")
    env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW=now, NO_COLOR="1", TZ="UTC")
    answered = 0
    while answered < budget:
        process = subprocess.Popen(
            [binary] + command(strategy, seed, day),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True, bufsize=1)
        asked_any = False
        for line in process.stdout:
            match = PROMPT.match(line.rstrip("\n"))
            if not match:
                continue
            if answered >= budget:
                process.stdin.write(":quit\n")
                process.stdin.flush()
                continue
            question = int(match.group(1))
            recalled = learner.answer(question, day)
            process.stdin.write(f"a{question}\n" if recalled else "x\n")
            process.stdin.flush()
            answered += 1
            asked_any = True
        process.stdin.close()
        process.wait()
        if not asked_any:
            break  # Nothing left to ask today.
    return answered


# The strategies that run `optimize` at the end of every week, with their options.
WEEKLY = {"weekly": [], "fsrs6": ["--model", "FSRS-6"], "sbd": ["--model", "SBD+hours"]}


def run_memoquiz(binary, work, strategy, model, seed, days, budget):
    """Plays DAYS days through the real binary; returns (kept, answers)."""
    home = tempfile.mkdtemp(prefix=f"{model.name}-{strategy}-{seed}-", dir=work)
    with open(os.path.join(home, "questions.json"), "w") as file:
        items = ",".join(f'{{"prompt": "q{i}", "answer": "a{i}"}}' for i in range(QUESTIONS))
        file.write(f'[{{"title": "Deck", "questions": [{items}]}}]')
    # A strategy may name settings to try: `review:new-per-day=8,desired-retention=0.85`.
    base, _, settings = strategy.partition(":")
    for setting in filter(None, settings.split(",")):
        key, _, value = setting.partition("=")
        env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW=START.strftime("%Y-%m-%dT%H:%M:%SZ"))
        subprocess.run([binary, "config", key, value], env=env, capture_output=True, check=True)
    learner = model(seed)
    answers = 0
    for day in range(days):
        answers += play_day(binary, home, strategy, learner, seed, day, budget)
        if base in WEEKLY and day % 7 == 6:
            now = (START + timedelta(days=day, hours=10)).strftime("%Y-%m-%dT%H:%M:%SZ")
            env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW=now, NO_COLOR="1", TZ="UTC")
            subprocess.run([binary, "optimize"] + WEEKLY[base], env=env, capture_output=True, text=True)
        if base == "checked" and day % 7 == 6:
            # Fitted each week, installed only when fitting predicts better
            # on reviews it was not fitted on (`optimize --evaluate`).
            now = (START + timedelta(days=day, hours=10)).strftime("%Y-%m-%dT%H:%M:%SZ")
            env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW=now, NO_COLOR="1", TZ="UTC")
            report = subprocess.run([binary, "optimize", "--evaluate", "--json"], env=env, capture_output=True,
                                    text=True)
            evaluation = json.loads(report.stdout).get("evaluation") or {}
            fitted, current = evaluation.get("fitted"), evaluation.get("current")
            if fitted and current and fitted["logLoss"] < current["logLoss"]:
                subprocess.run([binary, "optimize"], env=env, capture_output=True, text=True)
        if base == "advised" and day % 7 == 6:
            # The learner takes the desired retention optimize recommends.
            now = (START + timedelta(days=day, hours=10)).strftime("%Y-%m-%dT%H:%M:%SZ")
            env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW=now, NO_COLOR="1", TZ="UTC")
            report = subprocess.run([binary, "optimize", "--json"], env=env, capture_output=True, text=True)
            advised = json.loads(report.stdout).get("recommendedRetention")
            if advised is not None:
                subprocess.run([binary, "config", "desired-retention", f"{advised:.2f}"], env=env,
                               capture_output=True, check=True)
    # The memory model the weekly optimize left installed, as `config model` names it.
    env = dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1", TZ="UTC",
               MEMOQUIZ_NOW=(START + timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ"))
    shown = subprocess.run([binary, "config", "model"], env=env, capture_output=True, text=True).stdout
    return learner.mean_recall(days + 30), answers, shown.split(",")[0]


# The desired retentions plain review is played at, to compare with a goal
# for the same number of answers.
PLAIN_RETENTIONS = (0.80, 0.85, 0.90, 0.93, 0.95, 0.97)


def run_exam(binary, work, model, seed, days, questions, goal, retention=None):
    """DAYS days of `memoquiz review` before an exam on QUESTIONS new questions,
    with or without a goal, at a desired retention if given; returns (true
    recall on the exam day, answers)."""
    global QUESTIONS
    QUESTIONS = questions
    home = tempfile.mkdtemp(prefix=f"exam-{model.name}-{seed}-{days}-{questions}-", dir=work)
    with open(os.path.join(home, "questions.json"), "w") as file:
        items = ",".join(f'{{"prompt": "q{i}", "answer": "a{i}"}}' for i in range(questions))
        file.write(f'[{{"title": "Deck", "questions": [{items}]}}]')
    env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW=(START - timedelta(hours=1)).strftime(
        "%Y-%m-%dT%H:%M:%SZ"))
    if retention is not None:
        subprocess.run([binary, "config", "desired-retention", f"{retention:.2f}"], env=env, capture_output=True,
                       check=True)
    if goal:
        date = (START + timedelta(days=days)).strftime("%Y-%m-%d")
        subprocess.run([binary, "exam", "Deck", "--on", date, "--retention", "0.90"], env=env,
                       capture_output=True, check=True)
    learner = model(seed)
    answers = 0
    for day in range(days):
        answers += play_day(binary, home, "review", learner, seed, day, 10 * questions)
    return learner.mean_recall(days), answers


def recall_at(curve, answers):
    """The recall on CURVE, (answers, recall) points, at ANSWERS answers:
    linear between the two points that enclose it, or None. A point is
    raised to the best recall of any point with fewer answers: a learner
    could take that retention instead."""
    points = []
    for answers_given, recall in sorted(curve):
        points.append((answers_given, max([recall] + [best for _, best in points[-1:]])))
    for (fewer, low), (more, high) in zip(points, points[1:]):
        if fewer <= answers <= more:
            return low if more == fewer else low + (high - low) * (answers - fewer) / (more - fewer)
    return None


def exam_main(options):
    """The exam scenario: recall on the exam day with and without the goal."""
    seeds = [int(seed) for seed in options.seeds.split(",")]
    work = tempfile.mkdtemp(prefix="memoquiz-exam-")
    print(f"exam (true recall on the exam day over every question, goal at 0.90; seeds {options.seeds})")
    print(f"  {'learner':<12} {'days':>4} {'questions':>9}   {'with goal':>9} {'answers':>7}   "
          f"{'without':>9} {'answers':>7}   {'without, as many answers':>24} {'gain':>6}")

    def mean(runs):
        return sum(r[0] for r in runs) / len(runs), sum(r[1] for r in runs) / len(runs)

    try:
        for name in options.models.split(","):
            model = MODELS[name]
            for days in (21, 45):
                for questions in (100, 300):
                    kept, given = mean([run_exam(options.binary, work, model, seed, days, questions, True)
                                        for seed in seeds])
                    curve = {retention: mean([run_exam(options.binary, work, model, seed, days, questions, False,
                                                       retention) for seed in seeds])
                             for retention in PLAIN_RETENTIONS}
                    plain, plain_given = curve[0.90]
                    matched = recall_at([(a, k) for k, a in curve.values()], given)
                    shown = f"{'none':>24} {'':>6}" if matched is None else f"{matched:24.3f} {kept - matched:+6.3f}"
                    print(f"  {name:<12} {days:>4} {questions:>9}   {kept:9.3f} {given:7.0f}   "
                          f"{plain:9.3f} {plain_given:7.0f}   {shown}", flush=True)
                    print("      plain review by desired retention: " + ", ".join(
                        f"{retention:.2f} {k:.3f} ({a:.0f})" for retention, (k, a) in curve.items()), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--seeds", default="2026,7,11")
    parser.add_argument("--models", default="exponential,power")
    parser.add_argument("--strategies", default="random,round,review,weekly,checked,advised")
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--budget", type=int, default=25)
    parser.add_argument("--exam", action="store_true", help="run the exam scenario instead")
    options = parser.parse_args()
    if options.exam:
        exam_main(options)
        return
    seeds = [int(seed) for seed in options.seeds.split(",")]
    strategies = options.strategies.split(",")
    work = tempfile.mkdtemp(prefix="memoquiz-learning-")
    print(f"learning ({QUESTIONS} questions, at most {options.budget} answers a day for {options.days} days, "
          f"kept a month later; seeds {options.seeds})")
    try:
        for name in options.models.split(","):
            model = MODELS[name]
            grids = [oracle_grid(model, seed, options.days, options.budget) for seed in seeds]
            ceilings = [ceiling(grid) for grid in grids]
            best = sum(c[0] for c in ceilings) / len(seeds)
            grid = ", ".join(f"target {c[2]:.2f} cap {c[3]}" for c in ceilings)
            print(f"\n  learner: {name}")
            print(f"  {'strategy':<10} {'kept':>6} {'of oracle':>10} {'answers':>8}   per seed")
            print(f"  {'oracle':<10} {best:6.1%} {1:>10.0%} {sum(c[1] for c in ceilings) / len(seeds):>8.0f}"
                  f"   {' '.join(f'{c[0]:.3f}' for c in ceilings)}   ({grid})")
            (target, new_cap), runs = one_policy(grids)
            fractions = [r[0] / c[0] for r, c in zip(runs, ceilings)]
            print(f"  {'one policy':<10} {sum(r[0] for r in runs) / len(runs):6.1%} "
                  f"{sum(fractions) / len(fractions):>10.0%} {sum(r[1] for r in runs) / len(runs):>8.0f}"
                  f"   {' '.join(f'{r[0]:.3f}' for r in runs)}   (target {target:.2f} cap {new_cap}; "
                  f"lowest: {min(fractions):.1%} of the oracle)")
            for strategy in strategies:
                runs = [run_memoquiz(options.binary, work, strategy, model, seed, options.days, options.budget)
                        for seed in seeds]
                kept = sum(r[0] for r in runs) / len(runs)
                fractions = [r[0] / c[0] for r, c in zip(runs, ceilings)]
                print(f"  {strategy:<10} {kept:6.1%} {sum(fractions) / len(fractions):>10.0%} "
                      f"{sum(r[1] for r in runs) / len(runs):>8.0f}   {' '.join(f'{r[0]:.3f}' for r in runs)}"
                      + (f"   ({', '.join(r[2] for r in runs)})" if strategy.split(":")[0] in WEEKLY else ""),
                      flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
