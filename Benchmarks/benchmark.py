"""memoquiz benchmarks, each figure beside a reference measured in the same run.

Usage: python3 benchmark.py MEMOQUIZ_BINARY BSD_QUIZ_BINARY LOAD_BENCHMARK_BINARY [SECTION...]

With SECTIONs (cold, latency, piped, long, scale, machines, files, sync,
big, unfinished, pathological, import, bundled, day), only those run; `files` is the
part of `machines` with many machine files.

Figures:
  cold start             `memoquiz groups` vs BSD `quiz` listing its subjects
  answer latency (pty)   answer typed -> verdict shown, in a 200-question and
                         a 100,000-question group, vs the disk's durable
                         append floor (write + fdatasync) and vs BSD quiz
  piped throughput       20,000 answers through a pipe, every verdict durable
  long history           `memoquiz groups` with 1,000,000 answers in the
                         history vs the same groups with none, and
                         `memoquiz stats` on the same folder
  memory at scale        `memoquiz groups` (and `scores GROUP`) with
                         100,000 questions that all have a memory and
                         1,000,000 answers in the history vs a fresh folder
                         with the same questions; the history files are
                         written directly in the current format
  several machines       the same 1,000,000 answers in 4 machines' files vs
                         one file: `groups` warm (checkpoint up to date),
                         cold after a day's answers arrived (checkpoint
                         stale) and cold with no checkpoint; and 30,000
                         answers in 10,000 machines' files vs one file,
                         warm and cold
  sync                   `memoquiz sync` bringing in a day's answers (500)
                         from another machine through a bare git remote vs
                         git's own pull and push of the same commit
  a learner's day        `memoquiz today` with 1,000,000 answers in 20 groups
                         vs `groups` on a fresh folder; a review round
                         across 20 groups of 5,000 due questions starting
  100,000 questions      time to first prompt (with and without the memory of
                         every question), validate time, peak RSS; and in one
                         process, the file read by memoquiz's scanner vs by
                         JSONDecoder
  unfinished round       `memoquiz groups` on a 100,000-question group with
                         an unfinished round (3 answers of a sequential
                         round, then the end of input) vs the same
                         questions with none, alternated runs
  pathological files     `memoquiz validate` of files built to hit slow
                         paths (minified with a typo key in every question,
                         100,000 keys in one object, a 500,000-element
                         array, 500,000 errors on one line, 500,000 syntax
                         errors on one line) vs a normal file
                         of the same size
  import                 `memoquiz import` of a 100,000-row TSV (every row
                         checked, the questions file written durably, a
                         history step) vs reading the same rows with a plain
                         line split in Python
  bundled set            peak RSS of a round
  a learner's day        `memoquiz today` over 20 groups and 1,000,000
                         answers vs `memoquiz groups` of the same groups on
                         a fresh folder; a review round across 20 groups of
                         5,000 questions, every one due: time to its first
                         prompt
"""

import json
import mmap
import os
import platform
import pty
import re
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

MEMOQUIZ, QUIZ, LOAD_BENCHMARK = sys.argv[1], sys.argv[2], sys.argv[3]
SECTIONS = set(sys.argv[4:])
WORK = tempfile.mkdtemp(prefix="memoquiz-bench-")
DECK_SIZE = 2000
PIPED_ANSWERS = 20_000


def environment(home):
    env = dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1", TERM="xterm")
    return env


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def ms(seconds):
    return f"{seconds * 1000:.2f} ms"


def run_measured(argv, env, stdin=b""):
    """Runs a command with fork/exec and wait4.

    Returns (wall seconds, peak RSS in KB, standard output). Standard input is
    written while the output is read, so a large input cannot deadlock.
    """
    read_out, write_out = os.pipe()
    read_in, write_in = os.pipe()
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.dup2(read_in, 0)
        os.dup2(write_out, 1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        for fd in (read_in, write_in, read_out, write_out):
            os.close(fd)
        os.execve(argv[0], argv, env)
    os.close(read_in)
    os.close(write_out)
    pending = memoryview(stdin)
    if not pending:
        os.close(write_in)
        write_in = None
    chunks = []
    while True:
        readable, writable, _ = select.select([read_out], [write_in] if write_in is not None else [], [])
        if writable:
            pending = pending[os.write(write_in, pending[:65536]):]
            if not pending:
                os.close(write_in)
                write_in = None
        if readable:
            data = os.read(read_out, 65536)
            if not data:
                break
            chunks.append(data)
    _, _, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if write_in is not None:
        os.close(write_in)
    os.close(read_out)
    return elapsed, usage.ru_maxrss, b"".join(chunks)


def peak_rss(argv, env, stdin=b""):
    """Peak RSS in KB of a command, measured by GNU time.

    A child forked from this (large) Python process would report Python's
    peak as its own, since Linux keeps the peak across exec.
    """
    with tempfile.NamedTemporaryFile() as report:
        run_measured(["/usr/bin/time", "-f", "%M", "-o", report.name] + argv, env, stdin)
        return int(open(report.name).read().split()[-1])


def cold_start():
    home = os.path.join(WORK, "cold")
    os.makedirs(home)
    env = environment(home)
    runs = 300

    def timed(argv):
        samples = []
        for _ in range(20):
            run_measured(argv, env)
        for _ in range(runs):
            samples.append(run_measured(argv, env)[0])
        return statistics.median(samples)

    ours = timed([MEMOQUIZ, "groups"])
    theirs = timed([QUIZ])
    return ours, theirs


def write_deck(home, size=DECK_SIZE):
    questions = [{"prompt": f"q{i}", "answer": f"a{i}"} for i in range(size)]
    with open(os.path.join(home, "questions.json"), "w") as file:
        json.dump([{"title": "Deck", "questions": questions}], file)
    deck = os.path.join(home, "deck")
    with open(deck, "w") as file:
        for i in range(DECK_SIZE):
            file.write(f"q{i}:a{i}\n")
    index = os.path.join(home, "index")
    with open(index, "w") as file:
        file.write(f"{deck}:question:answer\n")
    return index


class Pty:
    """A program on a pseudo-terminal, read until a pattern appears."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, env)
        self.buffer = b""

    def read_until(self, pattern, timeout=10.0):
        deadline = time.perf_counter() + timeout
        while True:
            match = pattern.search(self.buffer)
            if match:
                consumed = self.buffer[:match.end()]
                self.buffer = self.buffer[match.end():]
                return consumed
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"no {pattern.pattern!r} in {self.buffer[-200:]!r}")
            readable, _, _ = select.select([self.fd], [], [], remaining)
            if readable:
                self.buffer += os.read(self.fd, 65536)

    def send(self, text):
        os.write(self.fd, text)

    def close(self):
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def answer_latency(argv, env, question, verdict, answers):
    """Answers `answers` questions on a pty; returns the seconds from each
    answer typed to its verdict shown. `question` captures the question's
    number, and the right answer to question N is aN."""
    session = Pty(argv, env)
    samples = []
    asked = session.read_until(question)
    for _ in range(answers):
        number = question.search(asked).group(1).decode()
        start = time.perf_counter()
        session.send(f"a{number}\n".encode())
        session.read_until(verdict)
        samples.append(time.perf_counter() - start)
        asked = session.read_until(question)
    session.close()
    return samples


def answer_latency_memoquiz(home, answers):
    argv = [MEMOQUIZ, "play", "Deck", "--strategy", "sequential", "--restart"]
    return answer_latency(argv, environment(home), re.compile(rb"\] q(\d+)\r\n> "),
                          re.compile(rb"Correct!|Incorrect"), answers)


def answer_latency_quiz(index, answers):
    argv = [QUIZ, "-i", index, "question", "answer"]
    return answer_latency(argv, dict(os.environ, TERM="xterm"), re.compile(rb"q(\d+)\?"),
                          re.compile(rb"Right!"), answers)


def append_floor(folder, count):
    """One line appended and fdatasync'ed: the least a durable append costs."""
    target = os.path.join(folder, "floor.log")
    line = b"answer\t1\t1795360950864\tDeck\t1\tq1\tq1\ta1\t3\t250\n"
    samples = []
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    for _ in range(count):
        start = time.perf_counter()
        os.write(fd, line)
        os.fdatasync(fd)
        samples.append(time.perf_counter() - start)
    os.close(fd)
    return samples


def durable_floor(folder, count):
    """Temp write, fsync, rename, folder fsync of a small file: the least a durable save costs."""
    target = os.path.join(folder, "floor.json")
    payload = json.dumps({"version": 1, "scores": {"Deck": {"correctCount": 1, "incorrectCount": 0}}}).encode()
    samples = []
    directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    for _ in range(count):
        start = time.perf_counter()
        temp = target + ".tmp"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(fd, payload)
        os.fsync(fd)
        os.close(fd)
        os.rename(temp, target)
        os.fsync(directory)
        samples.append(time.perf_counter() - start)
    os.close(directory)
    return samples


def stored_answers(env, title):
    _, _, output = run_measured([MEMOQUIZ, "scores", "--json"], env)
    group = next(group for group in json.loads(output) if group["title"] == title)
    return group["correctCount"] + group["incorrectCount"]


def piped_throughput():
    home = os.path.join(WORK, "piped")
    os.makedirs(home)
    write_deck(home, PIPED_ANSWERS)
    env = environment(home)
    answers = "".join(f"a{i}\n" for i in range(PIPED_ANSWERS)).encode()
    elapsed, _, output = run_measured([MEMOQUIZ, "play", "Deck", "--strategy", "sequential"], env, answers)
    verdicts = output.count(b"Correct!")
    return elapsed, verdicts, stored_answers(env, "Deck")


def long_history():
    """`groups` with a million answers in the history, beside no history."""
    fresh = os.path.join(WORK, "history-none")
    home = os.path.join(WORK, "history-long")
    for folder in (fresh, home):
        os.makedirs(folder)
        write_deck(folder)
    env = environment(home)
    answers = "".join(f"a{i}\n" if i % 4 else "x\n" for i in range(DECK_SIZE)).encode()
    start = time.perf_counter()
    rounds = 1_000_000 // DECK_SIZE
    for day in range(rounds):
        # A round a day for 500 days, so that the statistics have days to count.
        when = time.strftime("%Y-%m-%dT09:00:00Z", time.gmtime(1_700_000_000 + day * 86_400))
        run_measured([MEMOQUIZ, "play", "Deck", "--strategy", "sequential"], dict(env, MEMOQUIZ_NOW=when), answers)
    built = time.perf_counter() - start
    stored = stored_answers(env, "Deck")
    folder = os.path.join(home, "history")
    history = sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))

    def timed(folder, command="groups"):
        samples = []
        for _ in range(10):
            run_measured([MEMOQUIZ, command], environment(folder))
        for _ in range(100):
            samples.append(run_measured([MEMOQUIZ, command], environment(folder))[0])
        return statistics.median(samples)

    return stored, history, built, timed(home), timed(fresh), timed(home, "stats")


SCALE_GROUPS = 4
SCALE_QUESTIONS = 100_000
SCALE_ANSWERS = 1_000_000
DAY_ANSWERS = 500
HOST = socket.gethostname()


def machine_hex(number):
    return f"{0x5EED0000 + number:08x}"


def scale_questions(home):
    """100,000 questions in 4 groups."""
    per_group = SCALE_QUESTIONS // SCALE_GROUPS
    groups = [{"title": f"Group {g}",
               "questions": [{"prompt": f"prompt {g}-{i}", "answer": f"answer {g}-{i}"} for i in range(per_group)]}
              for g in range(SCALE_GROUPS)]
    with open(os.path.join(home, "questions.json"), "w") as file:
        json.dump(groups, file)


def answer_line(sequence, when, k):
    """The record of answer number k of the generated history: question k in
    turn, one in ten wrong (Again), the rest right (Good)."""
    g, i = divmod(k % SCALE_QUESTIONS, SCALE_QUESTIONS // SCALE_GROUPS)
    wrong = (k * 2_654_435_761 >> 7) % 10 == 0
    typed = "x" if wrong else f"answer {g}-{i}"
    return (f"answer\t{sequence}\t{when}\tGroup {g}\t\tprompt {g}-{i}\tprompt {g}-{i}\t{typed}\t"
            f"{1 if wrong else 3}\t{2000 + k % 5000}\n")


def scale_history(home, machines):
    """Writes SCALE_ANSWERS answers, over 500 days up to an hour ago, into the
    history files of `machines` machines (the first is this folder's own), as
    memoquiz writes them (docs/data-folder.md: history/MACHINE.log, local/machine).

    Returns the time of the last answer, in milliseconds."""
    for folder in ("history", "local"):
        os.makedirs(os.path.join(home, folder), exist_ok=True)
    with open(os.path.join(home, "local", "machine"), "w") as file:
        file.write(f"memoquiz machine\t{machine_hex(0)}\t{HOST}\n")
    step = 500 * 86_400_000 // SCALE_ANSWERS
    first = int(time.time() * 1000) - 3_600_000 - SCALE_ANSWERS * step
    for m in range(machines):
        name = HOST if m == 0 else f"machine-{m}"
        with open(os.path.join(home, "history", f"{machine_hex(m)}.log"), "w") as file:
            lines = [f"memoquiz history\t2\t{machine_hex(m)}\t{name}\n"]
            lines += [answer_line(k // machines + 1, first + k * step, k) for k in range(m, SCALE_ANSWERS, machines)]
            file.write("".join(lines))
    return first + (SCALE_ANSWERS - 1) * step


def append_day(home, machine, machines, last_time):
    """Appends a day's answers (DAY_ANSWERS) to `machine`'s file, numbered
    after its last record, as if they arrived from that machine.

    Returns the time of the last one."""
    path = os.path.join(home, "history", f"{machine_hex(machine)}.log")
    with open(path, "rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as text:
        last_line = text.rfind(b"\n", 0, len(text) - 1) + 1
        sequence = int(text[last_line:text.find(b"\t", text.find(b"\t", last_line) + 1)].split(b"\t")[1])
    with open(path, "a") as file:
        file.write("".join(answer_line(sequence + 1 + k, last_time + 1000 * (k + 1), k * machines + machine)
                           for k in range(DAY_ANSWERS)))
    return last_time + 1000 * DAY_ANSWERS


def folder_bytes(folder):
    return sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))


def alternated(commands, runs, warmups=1):
    """Median seconds of each (argv, env, before) in `commands`, run in turn
    so that a busy machine slows each alike; `before` (if any) runs
    untimed before each run."""
    samples = [[] for _ in commands]
    for attempt in range(warmups + runs):
        for index, (argv, env, before) in enumerate(commands):
            if before:
                before()
            elapsed = run_measured(argv, env)[0]
            if attempt >= warmups:
                samples[index].append(elapsed)
    return [statistics.median(values) for values in samples]


def memory_at_scale():
    """100,000 questions with memory and a million answers, beside the same
    questions fresh; also the folder the several-machines section compares
    with."""
    home = os.path.join(WORK, "scale-one")
    fresh = os.path.join(WORK, "scale-fresh")
    for folder in (home, fresh):
        os.makedirs(folder)
        scale_questions(folder)
    start = time.perf_counter()
    scale_history(home, 1)
    generated = time.perf_counter() - start
    env, fresh_env = environment(home), environment(fresh)
    start = time.perf_counter()
    _, _, output = run_measured([MEMOQUIZ, "groups"], env)
    first = time.perf_counter() - start
    checkpoint = os.path.join(home, "local", "checkpoint")
    assert os.path.exists(checkpoint), "the first command writes the checkpoint"
    assert stored_answers(env, "Group 1") == SCALE_ANSWERS // SCALE_GROUPS, output
    _, _, records = run_measured([MEMOQUIZ, "history", "--json", "--limit", "1"], env)
    assert json.loads(records)[0]["step"] == f"{machine_hex(0)}-{SCALE_ANSWERS}"
    runs = 10
    groups, fresh_groups, scores, fresh_scores = alternated(
        [([MEMOQUIZ, "groups"], env, None), ([MEMOQUIZ, "groups"], fresh_env, None),
         ([MEMOQUIZ, "scores", "Group 1"], env, None), ([MEMOQUIZ, "scores", "Group 1"], fresh_env, None)], runs)
    sizes = (os.path.getsize(os.path.join(home, "questions.json")), folder_bytes(os.path.join(home, "history")),
             os.path.getsize(checkpoint))
    return home, runs, generated, first, sizes, groups, fresh_groups, scores, fresh_scores


def several_machines(one):
    """The same answers in 4 machines' files beside one file (the folder
    `one` of memory_at_scale): warm, cold after a day arrived, cold with no
    checkpoint."""
    home = os.path.join(WORK, "scale-four")
    os.makedirs(home)
    scale_questions(home)
    start = time.perf_counter()
    last = scale_history(home, 4)
    generated = time.perf_counter() - start
    env, one_env = environment(home), environment(one)
    run_measured([MEMOQUIZ, "groups"], env)
    assert stored_answers(env, "Group 1") == SCALE_ANSWERS // SCALE_GROUPS
    runs = 10
    warm_four, warm_one = alternated([([MEMOQUIZ, "groups"], env, None), ([MEMOQUIZ, "groups"], one_env, None)],
                                     runs)
    sizes = folder_bytes(os.path.join(home, "history")), folder_bytes(os.path.join(one, "history"))
    # The derived state as the day found it: the checkpoint and the outlook
    # (what `groups` reads when it reaches as far as the history).
    derived = {}
    for folder in (home, one):
        derived[folder] = [os.path.join(folder, "local", name) for name in ("checkpoint", "outlook")]
        for path in derived[folder]:
            shutil.copyfile(path, path + ".kept")

    def restore(folder):
        return lambda: [shutil.copyfile(path + ".kept", path) for path in derived[folder]]

    def remove(folder):
        return lambda: [os.remove(path) for path in derived[folder] if os.path.exists(path)]

    # A day's answers arrive: in another machine's file, and in the one file.
    append_day(home, 1, 4, last)
    append_day(one, 0, 1, last)
    stale_four, stale_one = alternated(
        [([MEMOQUIZ, "groups"], env, restore(home)), ([MEMOQUIZ, "groups"], one_env, restore(one))], runs)
    assert stored_answers(env, "Group 1") == stored_answers(one_env, "Group 1")
    cold_runs = 2
    missing_four, missing_one = alternated(
        [([MEMOQUIZ, "groups"], env, remove(home)), ([MEMOQUIZ, "groups"], one_env, remove(one))], cold_runs, 0)
    return (runs, cold_runs, generated, sizes, warm_four, warm_one, stale_four, stale_one, missing_four,
            missing_one)


MANY_FILES = 10_000
MANY_ANSWERS = 30_000


def many_files():
    """MANY_ANSWERS answers in MANY_FILES machines' files beside the same
    answers in one file, over 3 groups of 1,000 questions: `groups` with the
    checkpoint and outlook up to date (warm) and with neither (cold, the
    whole history read and replayed)."""
    step = 100 * 86_400_000 // MANY_ANSWERS
    first = int(time.time() * 1000) - 3_600_000 - MANY_ANSWERS * step

    def line(sequence, k):
        g, i = divmod(k % 3000, 1000)
        wrong = (k * 2_654_435_761 >> 7) % 10 == 0
        typed = "x" if wrong else f"answer {g}-{i}"
        return (f"answer\t{sequence}\t{first + k * step}\tGroup {g}\t\tprompt {g}-{i}\tprompt {g}-{i}\t{typed}\t"
                f"{1 if wrong else 3}\t{2000 + k % 5000}\n")

    homes = []
    for files in (MANY_FILES, 1):
        home = os.path.join(WORK, f"files-{files}")
        for folder in ("history", "local"):
            os.makedirs(os.path.join(home, folder))
        with open(os.path.join(home, "questions.json"), "w") as file:
            json.dump([{"title": f"Group {g}", "questions": [{"prompt": f"prompt {g}-{i}", "answer": f"answer {g}-{i}"}
                                                             for i in range(1000)]} for g in range(3)], file)
        with open(os.path.join(home, "local", "machine"), "w") as file:
            file.write(f"memoquiz machine\t{machine_hex(0)}\t{HOST}\n")
        for m in range(files):
            with open(os.path.join(home, "history", f"{machine_hex(m)}.log"), "w") as file:
                file.write(f"memoquiz history\t2\t{machine_hex(m)}\t{HOST if m == 0 else f'machine-{m}'}\n")
                file.write("".join(line(n + 1, k) for n, k in enumerate(range(m, MANY_ANSWERS, files))))
        homes.append(home)
    many, one = homes
    many_env, one_env = environment(many), environment(one)
    # A reading trusts a file's size and times once its last change is 2 s
    # old (docs/several-machines.md); files that arrived before the day's
    # first command are: the first command comes after that.
    time.sleep(max(0.0, os.stat(os.path.join(many, "history", f"{machine_hex(MANY_FILES - 1)}.log")).st_ctime
                   + 2.1 - time.time()))
    for env in (many_env, one_env):
        run_measured([MEMOQUIZ, "groups"], env)
    assert stored_answers(many_env, "Group 1") == stored_answers(one_env, "Group 1") == MANY_ANSWERS // 3

    def remove(folder):
        paths = [os.path.join(folder, "local", name) for name in ("checkpoint", "outlook")]
        return lambda: [os.remove(path) for path in paths if os.path.exists(path)]
    runs = 5
    warm_many, warm_one = alternated(
        [([MEMOQUIZ, "groups"], many_env, None), ([MEMOQUIZ, "groups"], one_env, None)], runs)
    cold_many, cold_one = alternated(
        [([MEMOQUIZ, "groups"], many_env, remove(many)), ([MEMOQUIZ, "groups"], one_env, remove(one))], runs)
    return runs, warm_many, warm_one, cold_many, cold_one


def git(folder, env, *arguments):
    subprocess.run(["git", "-C", folder] + list(arguments), env=env, check=True, capture_output=True)


def sync_day(base):
    """`memoquiz sync` on a machine that receives a day's answers from
    another, through a bare remote, beside plain git pulling and pushing the
    same commits in a clone of the same repository."""
    folder = os.path.join(WORK, "sync")
    os.makedirs(folder)
    remote = os.path.join(folder, "remote.git")
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", remote], check=True)
    # git needs a name to commit: a benchmark's own, in a HOME of its own.
    git_home = os.path.join(folder, "home")
    os.makedirs(git_home)
    with open(os.path.join(git_home, ".gitconfig"), "w") as file:
        file.write("[user]\n\tname = Benchmark\n\temail = benchmark@example.com\n")
    sender, receiver, plain = (os.path.join(folder, name) for name in ("sender", "receiver", "plain"))
    shutil.copytree(base, sender)
    for name in os.listdir(os.path.join(sender, "local")):
        if name.endswith(".kept"):
            os.remove(os.path.join(sender, "local", name))

    def env_of(home):
        return dict(environment(home), HOME=git_home)

    start = time.perf_counter()
    subprocess.run([MEMOQUIZ, "sync", "--init", remote], env=env_of(sender), check=True, capture_output=True)
    initial = time.perf_counter() - start
    shutil.copytree(sender, receiver, symlinks=True)
    # Plain git works in a clone of its own: memoquiz keeps its repository
    # out of the data folder.
    git(folder, env_of(sender), "clone", "-q", remote, plain)
    # The receiver is a machine of its own.
    with open(os.path.join(receiver, "local", "machine"), "w") as file:
        file.write(f"memoquiz machine\t{machine_hex(9)}\t{HOST}\n")
    # A day's answers come after every step so far (the questions that
    # `sync --init` made a step just now).
    last = int(time.time() * 1000)
    days = 5
    ours, theirs = [], []
    for _ in range(days):
        last = append_day(sender, 0, 4, last)
        subprocess.run([MEMOQUIZ, "sync"], env=env_of(sender), check=True, capture_output=True)
        elapsed, _, output = run_measured([MEMOQUIZ, "sync"], env_of(receiver))
        assert f"{DAY_ANSWERS} answers from".encode() in output, output
        ours.append(elapsed)
        start = time.perf_counter()
        git(plain, env_of(plain), "pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
        git(plain, env_of(plain), "push", "-q", "-u", "origin", "HEAD:main")
        theirs.append(time.perf_counter() - start)
    return days, initial, statistics.median(ours), statistics.median(theirs)


def big_group():
    home = os.path.join(WORK, "big")
    os.makedirs(home)
    questions = [{"prompt": f"質問 {i}", "answer": f"answer {i}", "alternatives": [f"alt {i}"], "hint": f"hint {i}"}
                 for i in range(100_000)]
    path = os.path.join(home, "questions.json")
    with open(path, "w") as file:
        json.dump([{"title": "Huge", "questions": questions}], file, ensure_ascii=False, indent=1)
    del questions
    size = os.path.getsize(path)
    env = environment(home)
    def first_prompt():
        prompts = []
        for _ in range(5):
            session_start = time.perf_counter()
            session = Pty([MEMOQUIZ, "play", "Huge", "--restart", "--strategy", "sequential"], env)
            session.read_until(re.compile(rb"\[1/100000\]"), timeout=60)
            prompts.append(time.perf_counter() - session_start)
            session.send(b":quit\n")
            session.read_until(re.compile(rb"resumes here"), timeout=60)
            os.wait4(session.pid, 0)
            os.close(session.fd)
        return statistics.median(prompts)

    first = first_prompt()
    # Every question answered once: a memory for each, in the checkpoint.
    answers = "".join(f"answer {i}\n" for i in range(100_000)).encode()
    rss = peak_rss([MEMOQUIZ, "play", "Huge", "--strategy", "sequential", "--restart"], env, answers)
    remembered = stored_answers(env, "Huge")
    run_measured([MEMOQUIZ, "groups"], env)
    first_with_memory = first_prompt()
    # A second round over the whole group, now with every memory loaded.
    rss = max(rss, peak_rss([MEMOQUIZ, "play", "Huge", "--strategy", "sequential", "--restart"], env, answers))
    validates = []
    for _ in range(5):
        validates.append(run_measured([MEMOQUIZ, "validate"], env)[0])
    rss = max(rss, peak_rss([MEMOQUIZ, "validate"], env))
    loading = subprocess.run([LOAD_BENCHMARK, path, "5"], capture_output=True, text=True, check=True).stdout
    return size, first, first_with_memory, remembered, statistics.median(validates), rss, loading


def unfinished_round(runs=11):
    """`memoquiz groups` on a 100,000-question group with an unfinished
    round beside the same questions with none: medians of alternated runs."""
    homes = [os.path.join(WORK, "unfinished-none"), os.path.join(WORK, "unfinished-round")]
    questions = [{"prompt": f"質問 {i}", "answer": f"answer {i}"} for i in range(100_000)]
    for home in homes:
        os.makedirs(home)
        with open(os.path.join(home, "questions.json"), "w") as file:
            json.dump([{"title": "Huge", "questions": questions}], file, ensure_ascii=False, indent=1)
    del questions
    envs = [environment(home) for home in homes]
    # A few answers, then the end of input: the round stays unfinished.
    run_measured([MEMOQUIZ, "play", "Huge", "--strategy", "sequential"], envs[1],
                 b"answer 0\nanswer 1\nwrong\n")
    listed = run_measured([MEMOQUIZ, "groups"], envs[1])[2]
    if b"unfinished: question 4 of 100000" not in listed:
        raise SystemExit(f"unfinished: the round is not listed:\n{listed.decode(errors='replace')}")
    for env in envs:
        run_measured([MEMOQUIZ, "groups"], env)
    none, unfinished = alternated([([MEMOQUIZ, "groups"], env, None) for env in envs], runs)
    outlook = os.path.getsize(os.path.join(homes[1], "local", "outlook"))
    return runs, none, unfinished, outlook


def normal_file(size):
    """A pretty-printed questions file of about `size` bytes."""
    questions = []
    text = ""
    count = max(1, size // 80)
    while True:
        questions = [{"prompt": f"prompt {i}", "answer": f"answer {i}", "hint": f"hint {i}"} for i in range(count)]
        text = json.dumps([{"title": "Normal", "questions": questions}], indent=2)
        if len(text) >= size:
            return text
        count = int(count * size / len(text)) + 1


def pathological_files():
    """Each pathological file with its validate time beside a normal file's."""
    folder = os.path.join(WORK, "pathological")
    os.makedirs(folder)
    minified = json.dumps(
        [{"title": "Typos", "questions": [{"prompt": f"p{i}", "answer": f"a{i}", "hnit": "h"} for i in range(50_000)]}],
        separators=(",", ":"))
    many_keys = '[{"title":"Keys",' + ",".join(f'"key{i}":{i}' for i in range(100_000)) \
        + ',"questions":[{"prompt":"p","answer":"a"}]}]'
    alternatives = json.dumps(
        [{"title": "Wide", "questions": [{"prompt": "p", "answer": "a",
                                          "alternatives": [f"a{i}" for i in range(500_000)]}]}],
        separators=(",", ":"))
    errors = "[" + ",".join("1" for _ in range(500_000)) + "]"
    syntax_errors = "[" + ",".join("x" for _ in range(500_000)) + "]"
    cases = [
        ("minified, a typo key in each of 50,000 questions", minified),
        ("100,000 keys in one group object", many_keys),
        ("500,000 alternatives in one array", alternatives),
        ("500,000 errors on one line", errors),
        ("500,000 syntax errors on one line", syntax_errors),
    ]
    results = []
    for name, text in cases:
        path = os.path.join(folder, "pathological.json")
        with open(path, "w") as file:
            file.write(text)
        normal = os.path.join(folder, "normal.json")
        with open(normal, "w") as file:
            file.write(normal_file(len(text)))

        def timed(file):
            samples = [run_measured([MEMOQUIZ, "validate", file], environment(folder))[0] for _ in range(7)]
            return statistics.median(samples)

        results.append((name, len(text), timed(path), timed(normal)))
    return results


def import_tsv():
    folder = os.path.join(WORK, "import")
    os.makedirs(folder)
    path = os.path.join(folder, "rows.tsv")
    with open(path, "w") as file:
        for i in range(100_000):
            file.write(f"prompt {i}\tanswer {i}\thint {i}\n")
    imports = []
    for attempt in range(3):
        home = os.path.join(folder, f"home-{attempt}")
        os.makedirs(home)
        elapsed, _, _ = run_measured([MEMOQUIZ, "import", path], environment(home))
        imports.append(elapsed)
    splits = []
    for _ in range(3):
        start = time.perf_counter()
        with open(path, encoding="utf-8") as file:
            rows = [line.split("\t") for line in file.read().split("\n") if line]
        splits.append(time.perf_counter() - start)
        assert len(rows) == 100_000
    return os.path.getsize(path), statistics.median(imports), statistics.median(splits)


def bundled_rss():
    home = os.path.join(WORK, "bundled")
    os.makedirs(home)
    env = environment(home)
    answers = "".join("a\n" for _ in range(46)).encode()
    return peak_rss([MEMOQUIZ, "play", "Hiragana", "--strategy", "sequential"], env, answers)


def write_groups(home, groups, size):
    data = [{"title": f"Group {g}", "questions": [{"prompt": f"g{g}q{i}", "answer": f"a{i}"} for i in range(size)]}
            for g in range(groups)]
    with open(os.path.join(home, "questions.json"), "w") as file:
        json.dump(data, file)


def learners_day():
    """`today` with a long history beside `groups` on a fresh folder; a
    review round across 20 groups of 5,000 due questions starting."""
    fresh = os.path.join(WORK, "day-fresh")
    home = os.path.join(WORK, "day-long")
    for folder in (fresh, home):
        os.makedirs(folder)
        write_groups(folder, 20, 2_500)
    env = environment(home)
    answers = "".join(f"a{i}\n" if i % 5 else "x\n" for i in range(2_500)).encode()
    start = time.perf_counter()
    for day in range(20):
        when = time.strftime("%Y-%m-%dT09:00:00Z", time.gmtime(1_700_000_000 + day * 86_400))
        for group in range(20):
            run_measured([MEMOQUIZ, "play", f"Group {group}", "--strategy", "sequential", "--restart"],
                         dict(env, MEMOQUIZ_NOW=when), answers)
    built = time.perf_counter() - start
    now = time.strftime("%Y-%m-%dT09:00:00Z", time.gmtime(1_700_000_000 + 25 * 86_400))
    stored = sum(stored_answers(dict(env, MEMOQUIZ_NOW=now), f"Group {g}") for g in range(20))

    def timed(folder, command):
        samples = []
        for _ in range(5):
            run_measured([MEMOQUIZ] + command, dict(environment(folder), MEMOQUIZ_NOW=now))
        for _ in range(50):
            samples.append(run_measured([MEMOQUIZ] + command, dict(environment(folder), MEMOQUIZ_NOW=now))[0])
        return statistics.median(samples)

    today, groups = timed(home, ["today"]), timed(fresh, ["groups"])

    review_home = os.path.join(WORK, "day-review")
    os.makedirs(review_home)
    write_groups(review_home, 20, 5_000)
    review_env = environment(review_home)
    first = time.strftime("%Y-%m-%dT09:00:00Z", time.gmtime(1_700_000_000))
    answers = "".join(f"a{i}\n" for i in range(5_000)).encode()
    for group in range(20):
        run_measured([MEMOQUIZ, "play", f"Group {group}", "--strategy", "sequential"],
                     dict(review_env, MEMOQUIZ_NOW=first), answers)
    run_measured([MEMOQUIZ, "groups"], review_env)
    starts = []
    for sample in range(5):
        copy = os.path.join(WORK, f"day-review-{sample}")
        shutil.copytree(review_home, copy)
        session_start = time.perf_counter()
        session = Pty([MEMOQUIZ, "review"], dict(environment(copy), MEMOQUIZ_NOW=now))
        session.read_until(re.compile(rb"\[100000 left\]"), timeout=60)
        starts.append(time.perf_counter() - session_start)
        session.send(b":quit\n")
        session.read_until(re.compile(rb"resumes here"), timeout=60)
        os.wait4(session.pid, 0)
        os.close(session.fd)
    return stored, built, today, groups, statistics.median(starts)


def wanted(section):
    return not SECTIONS or section in SECTIONS


def main():
    print(f"machine: {platform.node()}, {os.cpu_count()} cores, {platform.platform()}")
    print(f"python {platform.python_version()}; memoquiz {MEMOQUIZ}; reference {QUIZ}")
    print()
    if wanted("cold"):
        ours, theirs = cold_start()
        print("cold start (median of 300)")
        print(f"  memoquiz groups   {ms(ours)}")
        print(f"  BSD quiz          {ms(theirs)}")
        print(f"  ratio             {ours / theirs:.2f}x   (target: at most 3x)")
        print()

    if wanted("latency"):
        latencies = {}
        answers = 190  # fewer than the small group holds, so its round never ends
        for size in (200, 100_000):
            home = os.path.join(WORK, f"deck-{size}")
            os.makedirs(home)
            write_deck(home, size)
            latencies[size] = answer_latency_memoquiz(home, answers)
        home = os.path.join(WORK, "deck")
        os.makedirs(home)
        index = write_deck(home)
        floor = append_floor(home, answers)
        replace = durable_floor(home, answers)
        theirs = answer_latency_quiz(index, answers)
        small, large = latencies[200], latencies[100_000]
        print(f"answer -> verdict through a pty ({answers} answers each)")
        print(f"  200 questions      median {ms(statistics.median(small))}   p99 {ms(percentile(small, 0.99))}")
        print(f"  100,000 questions  median {ms(statistics.median(large))}   p99 {ms(percentile(large, 0.99))}")
        print(f"  append floor       median {ms(statistics.median(floor))}   p99 {ms(percentile(floor, 0.99))}"
              "   (one line written and fdatasync'ed)")
        print(f"  replace floor      median {ms(statistics.median(replace))}   p99 {ms(percentile(replace, 0.99))}"
              "   (temp file, fsync, rename, folder fsync)")
        print(f"  BSD quiz           median {ms(statistics.median(theirs))}   p99 {ms(percentile(theirs, 0.99))}"
              "   (saves nothing)")
        print(f"  100,000 / 200      median {statistics.median(large) / statistics.median(small):.2f}x"
              "   (target: at most 1.2x)")
        print(f"  100,000 / floor    median {statistics.median(large) / statistics.median(floor):.2f}x"
              f"   p99 {percentile(large, 0.99) / percentile(floor, 0.99):.2f}x   (target: at most 2x)")
        print()

    if wanted("piped"):
        elapsed, verdicts, stored = piped_throughput()
        print(f"piped throughput ({PIPED_ANSWERS:,} answers)")
        print(f"  memoquiz          {PIPED_ANSWERS / elapsed:,.0f} answers/s   ({ms(elapsed)} in all; "
              f"{verdicts} verdicts printed, {stored} stored)   (target: at least 100,000/s)")
        if wanted("latency"):
            print(f"  one durable append per answer would allow {1 / statistics.median(floor):,.0f} answers/s")
        print()

    if wanted("long"):
        stored, history, built, with_history, without, stats = long_history()
        print(f"long history ({stored:,} answers stored, {history / 1e6:.1f} MB of history, built in {built:.1f} s)")
        print(f"  groups, long history   {ms(with_history)}")
        print(f"  groups, no history     {ms(without)}")
        print(f"  ratio                  {with_history / without:.2f}x   (target: at most 1.5x)")
        print(f"  stats, long history    {ms(stats)}   (target: at most 200 ms)")
        print()

    if wanted("scale") or wanted("machines") or wanted("sync"):
        one, runs, generated, first, sizes, groups, fresh_groups, scores, fresh_scores = memory_at_scale()
        questions, history, checkpoint = sizes
        print(f"memory at scale ({SCALE_QUESTIONS:,} questions in {SCALE_GROUPS} groups, {questions / 1e6:.1f} MB,"
              f" all with a memory; {SCALE_ANSWERS:,} answers, {history / 1e6:.1f} MB of history written in"
              f" {generated:.1f} s; median of {runs})")
        print(f"  first command      {ms(first)}   (replays the history, writes the"
              f" {checkpoint / 1e6:.1f} MB checkpoint)")
        print(f"  groups, memory     {ms(groups)}")
        print(f"  groups, fresh      {ms(fresh_groups)}")
        print(f"  ratio              {groups / fresh_groups:.2f}x   (target: at most 1.2x)")
        print(f"  scores G, memory   {ms(scores)}")
        print(f"  scores G, fresh    {ms(fresh_scores)}")
        print(f"  ratio              {scores / fresh_scores:.2f}x")
        print()

    if wanted("machines") or wanted("sync"):
        (runs, cold_runs, generated, sizes, warm_four, warm_one, stale_four, stale_one, missing_four,
         missing_one) = several_machines(one)
        print(f"several machines ({SCALE_ANSWERS:,} answers in 4 files, {sizes[0] / 1e6:.1f} MB written in"
              f" {generated:.1f} s, beside one file of {sizes[1] / 1e6:.1f} MB; `memoquiz groups`)")
        print(f"  warm, 4 files      {ms(warm_four)}   (outlook and checkpoint up to date; median of {runs})")
        print(f"  warm, 1 file       {ms(warm_one)}")
        print(f"  ratio              {warm_four / warm_one:.2f}x   (target: at most 1.2x)")
        print(f"  cold, 4 files      {ms(stale_four)}   (a day's {DAY_ANSWERS} answers arrived after the outlook and"
              f" the checkpoint: both read, the day applied; median of {runs})")
        print(f"  cold, 1 file       {ms(stale_one)}")
        print(f"  ratio              {stale_four / stale_one:.2f}x   (target: at most 1.2x)")
        print(f"  no checkpoint, 4   {ms(missing_four)}   (no outlook either: whole history replayed; median of"
              f" {cold_runs})")
        print(f"  no checkpoint, 1   {ms(missing_one)}")
        print(f"  ratio              {missing_four / missing_one:.2f}x")
        print()

    if wanted("machines") or wanted("files"):
        runs, warm_many, warm_one, cold_many, cold_one = many_files()
        print(f"many machine files ({MANY_ANSWERS:,} answers in {MANY_FILES:,} machines' files beside one file;"
              f" `memoquiz groups`, median of {runs})")
        print(f"  warm, {MANY_FILES:,} files  {ms(warm_many)}   (checkpoint and outlook up to date)")
        print(f"  warm, 1 file        {ms(warm_one)}")
        print(f"  ratio               {warm_many / warm_one:.2f}x   (target: at most 1.2x)")
        print(f"  cold, {MANY_FILES:,} files  {ms(cold_many)}   (no checkpoint, no outlook: every file read)")
        print(f"  cold, 1 file        {ms(cold_one)}")
        print(f"  ratio               {cold_many / cold_one:.2f}x   (target: at most 1.2x)")
        print()

    if wanted("sync"):
        days, initial, ours, theirs = sync_day(os.path.join(WORK, "scale-four"))
        print(f"sync (a day's {DAY_ANSWERS} answers from another machine, bare remote on this disk, median of {days}"
              " days; the folder holds the several machines' history)")
        print(f"  memoquiz sync      {ms(ours)}")
        print(f"  git pull + push    {ms(theirs)}   (the same commits, in a clone of the same repository)")
        print(f"  beyond git         {ms(ours - theirs)}   (target: under 1 s)")
        print(f"  sync --init        {ms(initial)}   (first push of the whole folder)")
        print()

    if wanted("big"):
        size, first_prompt, first_with_memory, remembered, validate, rss, loading = big_group()
        print(f"100,000 questions ({size / 1e6:.1f} MB of JSON, median of 5)")
        print(f"  first prompt      {ms(first_prompt)}   (no memory yet)")
        print(f"  first prompt      {ms(first_with_memory)}   (with the memory of {remembered:,} answers;"
              " target: at most 300 ms)")
        print(f"  validate          {ms(validate)}")
        print(f"  peak RSS          {rss / 1024:.1f} MB   (target: at most 150 MB)")
        print("  loading the file in one process (median of 5):")
        print(loading.rstrip())
        print()

    if wanted("unfinished"):
        runs, none, unfinished, outlook = unfinished_round()
        print(f"an unfinished round (100,000 questions; `memoquiz groups`, median of {runs} alternated runs)")
        print(f"  no round           {ms(none)}")
        print(f"  unfinished round   {ms(unfinished)}   (3 of 100,000 questions answered; outlook"
              f" {outlook / 1e3:.1f} kB)")
        print(f"  ratio              {unfinished / none:.2f}x   (target: at most 1.1x)")
        print()

    if wanted("pathological"):
        print("pathological files: `memoquiz validate`, median of 7, beside a normal file of the same size")
        for name, size, theirs, normal in pathological_files():
            print(f"  {name:50} {size / 1e6:4.1f} MB  {ms(theirs):>10}  normal {ms(normal):>10}"
                  f"  {theirs / normal:.2f}x   (target: at most 2x)")
        print()

    if wanted("import"):
        size, imported, split = import_tsv()
        print(f"import of a 100,000-row TSV ({size / 1e6:.1f} MB, median of 3)")
        print(f"  memoquiz import   {ms(imported)}   (target: at most 1 s)")
        print(f"  plain line split  {ms(split)}   (Python, reading the rows and nothing more)")
        print()

    if wanted("bundled"):
        print("bundled set")
        print(f"  peak RSS          {bundled_rss() / 1024:.1f} MB   (target: at most 20 MB)")
        print()

    if wanted("day"):
        day_figures()
    shutil.rmtree(WORK, ignore_errors=True)


def day_figures():
    stored, built, today, groups, review = learners_day()
    print(f"a learner's day ({stored:,} answers in 20 groups, built in {built:.1f} s)")
    print(f"  today, long history    {ms(today)}")
    print(f"  groups, fresh folder   {ms(groups)}")
    print(f"  ratio                  {today / groups:.2f}x   (target: at most 1.5x)")
    print(f"  review across 20 groups of 5,000 due questions: first prompt in {ms(review)}   (target: at most 300 ms)")

if __name__ == "__main__":
    main()
