"""A month of practice by a simulated learner, through the real memoquiz.

Usage: python3 learning.py MEMOQUIZ_BINARY [SEED]

The learner has a memory memoquiz cannot see: each question has its own
difficulty, and each studied question a stability; the chance of recall
after t days is exp(-t / stability). Recall strengthens a memory, more so
when it was harder; a miss (after which the right answer is shown) starts it
again, weaker. The learner answers a fixed number of questions a day, at
9:00, for 30 days, with `MEMOQUIZ_NOW` set to that day, in rounds of one
strategy: random, sequential or review, and review again by a learner who
runs `memoquiz optimize` after two weeks, so that the scheduler is fitted to
their own answers. Printed per learner: the mean chance of recall over every
question at the end of the month, and a month later with no practice.
"""

import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone

MEMOQUIZ = sys.argv[1]
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
QUESTIONS = 150
ANSWERS_PER_DAY = 30
DAYS = 30
START = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


class Learner:
    def __init__(self, seed):
        self.random = random.Random(seed)
        self.difficulty = [self.random.uniform(0.6, 1.8) for _ in range(QUESTIONS)]
        self.stability = [None] * QUESTIONS
        self.studied = [None] * QUESTIONS

    def recall(self, question, day):
        if self.stability[question] is None:
            return 0.0
        return math.exp(-(day - self.studied[question]) / self.stability[question])

    def answer(self, question, day):
        """Tries to recall; returns whether it did, and learns from the verdict."""
        chance = self.recall(question, day)
        recalled = self.random.random() < chance
        difficulty = self.difficulty[question]
        if self.stability[question] is None:
            self.stability[question] = 1.5 / difficulty
        elif recalled:
            # The spacing effect: a recall that was hard strengthens most.
            self.stability[question] *= 1.5 + 12.0 * (1 - chance) / difficulty
        else:
            self.stability[question] = max(1.0 / difficulty, self.stability[question] * 0.5)
        self.studied[question] = day
        return recalled

    def mean_recall(self, day):
        return sum(self.recall(q, day) for q in range(QUESTIONS)) / QUESTIONS


def play_day(home, strategy, learner, day):
    """Answers ANSWERS_PER_DAY questions on one day, in as many rounds as it takes."""
    now = (START + timedelta(days=day)).strftime("%Y-%m-%dT%H:%M:%SZ")
    env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW=now, NO_COLOR="1")
    answered = 0
    while answered < ANSWERS_PER_DAY:
        process = subprocess.Popen(
            # Seeded, so that a run can be repeated exactly.
            [MEMOQUIZ, "play", "Deck", "--strategy", strategy, "--seed", str(SEED * 1000 + day)]
            + (["--new", "10"] if strategy == "review" else []),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True, bufsize=1)
        asked_any = False
        for line in process.stdout:
            if line.startswith("[") and "] q" in line:
                if answered >= ANSWERS_PER_DAY:
                    process.stdin.write(":quit\n")
                    process.stdin.flush()
                    continue
                question = int(line.rsplit(" q", 1)[1])
                recalled = learner.answer(question, day)
                process.stdin.write(f"a{question}\n" if recalled else "x\n")
                process.stdin.flush()
                answered += 1
                asked_any = True
        process.stdin.close()
        process.wait()
        if not asked_any:
            break  # Nothing left to review today.
    return answered


def main():
    work = tempfile.mkdtemp(prefix="memoquiz-learning-")
    print(f"learning ({QUESTIONS} questions, {ANSWERS_PER_DAY} answers a day for {DAYS} days, seed {SEED})")
    results = {}
    for name, strategy in (("random", "random"), ("sequential", "sequential"), ("review", "review"),
                           ("optimized", "review")):
        home = os.path.join(work, name)
        os.makedirs(home)
        with open(os.path.join(home, "questions.json"), "w") as file:
            items = ",".join(f'{{"prompt": "q{i}", "answer": "a{i}"}}' for i in range(QUESTIONS))
            file.write(f'[{{"title": "Deck", "questions": [{items}]}}]')
        learner = Learner(SEED)
        total = 0
        for day in range(DAYS):
            total += play_day(home, strategy, learner, day)
            if name == "optimized" and day == 13:
                # Two weeks in: the scheduler fitted to this learner's answers.
                now = (START + timedelta(days=day, hours=10)).strftime("%Y-%m-%dT%H:%M:%SZ")
                env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW=now, NO_COLOR="1")
                fitted = subprocess.run([MEMOQUIZ, "optimize"], env=env, capture_output=True, text=True)
                installed = "installed" in fitted.stdout and "stay" not in fitted.stdout
                print(f"  (optimize after two weeks: {'installed' if installed else 'kept the defaults'})")
        end, later = learner.mean_recall(DAYS), learner.mean_recall(DAYS + 30)
        results[name] = later
        print(f"  {name:<11} {total:>5} answers   recall at the end {end:6.1%}   a month later {later:6.1%}")
    ratio = results["review"] / results["random"] if results["random"] else float("inf")
    print(f"  review / random a month later: {ratio:.2f}x   (target: at least 1.5x)")
    fitted = results["optimized"] / results["review"] if results["review"] else float("inf")
    print(f"  optimized / default FSRS-6 a month later: {fitted:.2f}x")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
