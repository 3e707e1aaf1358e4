"""What fitting by itself adds to the `review` that runs it, on 10,000 answers.

Usage: python3 Benchmarks/auto-fit.py MEMOQUIZ_BINARY

Writes a history of 1,000 questions answered ten times each by a simulated
learner, then times `memoquiz review` stopped at once (`:quit`), three times
with `auto-optimize off` and three times with it on (a fresh folder each).
"""
import os, random, shutil, subprocess, sys, tempfile, time
binary = sys.argv[1]
rng = random.Random(1)
def make(auto):
    home = tempfile.mkdtemp(prefix="memoquiz-auto-fit-")
    qs = ",".join(f'{{"prompt": "q{i}", "answer": "a{i}"}}' for i in range(1000))
    open(os.path.join(home, "questions.json"), "w").write(f'[{{"title": "Deck", "questions": [{qs}]}}]')
    start = 1_780_000_000_000
    recs = []
    r = random.Random(5)
    for q in range(1000):
        t = start + (q % 60) * 86_400_000
        s = 0.6; iv = 1.0
        for _ in range(10):
            ok = r.random() < 0.9 ** (iv / s)
            recs.append((t, f"{t}\tDeck\t\tq{q}\tq{q}\t{'a' if ok else 'x'}\t{3 if ok else 1}\t4000"))
            s = s * 2.2 if ok else max(0.3, s * 0.5)
            iv = max(1, s * 0.8)
            t += int(iv * 86_400_000)
    recs.sort()
    os.makedirs(os.path.join(home, "history"))
    with open(os.path.join(home, "history", "0a0b0c0d.log"), "w") as f:
        f.write("memoquiz history\t2\t0a0b0c0d\tlearner\n")
        for n, (_, line) in enumerate(recs):
            f.write(f"answer\t{n+1}\t{line}\n")
    env = dict(os.environ, MEMOQUIZ_HOME=home, MEMOQUIZ_NOW="2027-06-01T09:00:00Z", NO_COLOR="1")
    if not auto:
        subprocess.run([binary, "config", "auto-optimize", "off"], env=env, check=True, capture_output=True)
    subprocess.run([binary, "groups"], env=env, check=True, capture_output=True)  # checkpoint, outlook
    return home, env
for auto in (False, True, False, True, False, True):
    home, env = make(auto)
    t0 = time.monotonic()
    out = subprocess.run([binary, "review"], input=":quit\n", env=env, capture_output=True, text=True)
    dt = time.monotonic() - t0
    print("auto" if auto else "off ", f"{dt*1000:.0f} ms", [l for l in out.stdout.splitlines() if "fitted" in l])
    shutil.rmtree(home)
