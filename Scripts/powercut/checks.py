"""The checks of every crash state, and the report of a scenario."""

import collections
import concurrent.futures
import json
import os
import random
import re
import tempfile
import time

from .common import NOW, ToolError, VERDICT
from .filesystem import compare_trees, snapshot_tree
from .runner import traced_run
from .states import Timeline, describe_variant, materialise, tree_digest, variants


def step_key(step, with_undone=True):
    fields = ("id", "kind", "group", "prompt", "typed", "correct", "time")
    key = tuple(json.dumps(step.get(f), sort_keys=True) for f in fields)
    return key + ((step.get("undone"),) if with_undone else ())


def answer_key(step, with_grade=True):
    key = (step.get("group"), step.get("prompt"), step.get("typed"))
    return key + (step.get("correct"),) if with_grade else key


def counts(scores_json):
    return {g.get("title"): (g.get("correctCount", 0), g.get("incorrectCount", 0)) for g in scores_json}


def first_line(data):
    text = data.decode("utf-8", "replace").strip().splitlines()
    return text[0] if text else ""


def normalise(text):
    return re.sub(r"\d+", "N", text)


class Context:
    """What a crash state is judged against: before, after, and what was acknowledged."""

    def __init__(self, scenario, base_obs, final_obs, timeline, final_out, final_err, final_tree):
        self.scenario = scenario
        self.answer_key = lambda step: answer_key(step, with_grade=not scenario.regrades)
        self.base, self.final = base_obs, final_obs
        self.timeline = timeline
        self.final_tree = final_tree
        for label, obs in (("before the command", base_obs), ("after the command", final_obs)):
            for key in ("groups", "history", "scores", "export") + tuple(k for k, _ in scenario.extra):
                if obs[key]["rc"] != 0:
                    raise ToolError(f"{scenario.name}: `{key}` {label} exited {obs[key]['rc']}: "
                                    f"{first_line(obs[key]['err'])}")
        base_steps = base_obs["history"]["json"]
        final_steps = final_obs["history"]["json"]
        self.base_steps = {s["id"]: s for s in base_steps}
        base_answers = collections.Counter(self.answer_key(s) for s in base_steps if s.get("kind") == "answer"
                                           and not s.get("undone"))
        new_answers = [s for s in sorted(final_steps, key=lambda s: s["id"])
                       if s.get("kind") == "answer" and s["id"] not in self.base_steps
                       and not scenario.imports_answers]
        self.new_answers = new_answers
        self.base_answers = base_answers
        self.changed = [s for s in final_steps
                        if s["id"] not in self.base_steps or s.get("undone") != self.base_steps[s["id"]].get("undone")]
        # Output stream positions.
        self.acks = []          # per crash point: (verdicts printed, command acknowledged)
        verdicts = 0
        acked = False
        streams = {"stdout": bytearray(), "stderr": bytearray()}
        self.acks.append((0, False))
        for op in timeline.ops:
            if op.kind == "out":
                streams[op.stream] += op.payload
                verdicts = len(VERDICT.findall(bytes(streams["stdout"])))
                if scenario.ack and not acked:
                    acked = re.search(scenario.ack, bytes(streams[scenario.ack_stream]), re.M) is not None
            self.acks.append((verdicts, acked))
        total = len(VERDICT.findall(final_out))
        if total != len(new_answers):
            raise ToolError(f"{scenario.name}: {total} verdicts printed but {len(new_answers)} new answers "
                            "in the history; cannot match them")
        if scenario.ack and not self.acks[-1][1]:
            raise ToolError(f"{scenario.name}: the command never printed its success line "
                            f"({scenario.ack.decode()}); it said: {first_line(final_out + final_err)}")
        self.ack_line = ""
        if scenario.ack:
            stream = final_err if scenario.ack_stream == "stderr" else final_out
            line = next((l for l in stream.splitlines() if re.search(scenario.ack, l)), b"")
            self.ack_line = line.decode("utf-8", "replace")[:100]
        self.kept_path = None
        if scenario.kept_file:
            match = re.search(scenario.kept_file, final_err if scenario.ack_stream == "stderr" else final_out)
            if not match:
                raise ToolError(f"{scenario.name}: no kept file named in the output")
            self.kept_path = match.group(1)

    def judge_sync(self, sync, verdicts):
        """The state recovers: `sync` (at the latest after `sync --init
        REMOTE`) exits 0, and loses no step from before nor any answer
        acknowledged."""
        if sync["rc"] != 0:
            said = "; ".join(f"`{' '.join(args)}` exited {rc}: {first_line(err)}" for args, rc, err in sync["runs"])
            return [("sync recovers", "sync does not recover: " + normalise(first_line(sync["runs"][-1][2])),
                     said)]
        history = sync.get("history")
        if history is None:
            return [("sync recovers", "no history after sync", "`history --json` failed after the sync")]
        found = []
        present = {step_key(s, False) for s in history}
        for step in self.base_steps.values():
            if step_key(step, False) not in present:
                found.append(("sync recovers", f"lost step {step['id']} ({step.get('kind')}) after sync",
                              f"step {step['id']} ({step.get('summary', step.get('kind'))}), on disk before "
                              "the command, is gone from `history --json` after the sync"))
        have = collections.Counter(self.answer_key(s) for s in history if s.get("kind") == "answer" and not s.get("undone"))
        have.subtract(self.base_answers)
        for i, step in enumerate(self.new_answers[:verdicts]):
            k = self.answer_key(step)
            if have[k] > 0:
                have[k] -= 1
            else:
                found.append(("sync recovers", f"answer {i + 1} lost after sync",
                              f"acknowledged answer {i + 1} is not in `history --json` after the sync"))
        return found

    def judge(self, point, obs, rel_root):
        """The violations of a crash state at a crash point: (check, signature, message)."""
        found = []
        verdicts, acked = self.acks[point]
        for key in ("groups", "history", "scores", "export") + tuple(k for k, _ in self.scenario.extra):
            rc = obs[key]["rc"]
            if rc != 0:
                crash = isinstance(rc, int) and (rc < 0 or rc >= 128) or b"Fatal error" in obs[key]["err"]
                what = "crashed" if crash else f"exited {rc}"
                found.append(("next command", f"`{key}` {what}: {normalise(first_line(obs[key]['err']))}",
                              f"`memoquiz {key}` {what}: {first_line(obs[key]['err'])}"))
        for key, path in obs["missing"]:
            found.append(("next command", f"`{key}` names a missing file",
                          f"`memoquiz {key}` warned about {path.decode(errors='replace')}, which does not exist"))
        history = obs["history"].get("json")
        scores = obs["scores"].get("json")
        export = obs["export"].get("json")
        if history is not None:
            by_id = {s["id"]: s for s in history}
            present = {step_key(s, False) for s in history}
            for step in self.base_steps.values():
                if step_key(step, False) not in present:
                    found.append(("next command", f"lost step {step['id']} ({step.get('kind')}) from before",
                                  f"step {step['id']} ({step.get('summary', step.get('kind'))}), on disk before "
                                  "the command, is gone from `history --json`"))
            have = collections.Counter(self.answer_key(s) for s in history
                                       if s.get("kind") == "answer" and not s.get("undone"))
            have.subtract(self.base_answers)
            for i, step in enumerate(self.new_answers[:verdicts]):
                k = self.answer_key(step)
                if have[k] > 0:
                    have[k] -= 1
                else:
                    found.append(("acknowledged", f"answer {i + 1} lost from history",
                                  f"answer {i + 1} ({step.get('prompt')!r} typed {step.get('typed')!r}, "
                                  f"{'correct' if step.get('correct') else 'incorrect'}) was acknowledged on "
                                  "stdout but is not in `history --json`"))
        if scores is not None and verdicts:
            base_counts = counts(self.base["scores"]["json"])
            now_counts = counts(scores)
            need = collections.defaultdict(lambda: [0, 0])
            for step in self.new_answers[:verdicts]:
                need[step.get("group")][0 if step.get("correct") else 1] += 1
            for group, (c, i) in need.items():
                before = base_counts.get(group, (0, 0))
                after = now_counts.get(group, (0, 0))
                short = (sum(after) - sum(before) < c + i if self.scenario.regrades
                         else after[0] - before[0] < c or after[1] - before[1] < i)
                if short:
                    found.append(("acknowledged", f"answers of {group} not counted in scores",
                                  f"{c} correct and {i} incorrect acknowledged answers of {group}, but "
                                  f"`scores --json` counts {after[0] - before[0]} and {after[1] - before[1]}"))
        old_q, new_q = self.base["export"]["json"], self.final["export"]["json"]
        if export is not None and export != old_q and export != new_q:
            found.append(("all or nothing", "questions neither old nor new",
                          "the questions in use are neither the old nor the new version"))
        if self.scenario.atomic and history is not None and export is not None:
            applied = 0
            for step in self.changed:
                if step_key(step) in {step_key(s) for s in history}:
                    applied += 1
            whole = len(self.changed)
            if 0 < applied < whole:
                found.append(("all or nothing", "part of the command's history steps",
                              f"{applied} of the command's {whole} history changes are in effect"))
            if old_q != new_q:
                if export == new_q and applied == 0:
                    found.append(("all or nothing", "questions changed without their history step",
                                  "the new questions are in use but the history has no step for them"))
                if export == old_q and whole and applied == whole:
                    found.append(("all or nothing", "history step without its questions",
                                  "the history has the command's step but the old questions are in use"))
        if self.scenario.remote_on_disk:
            found += self.judge_sync(obs["sync"], verdicts)
        if acked:
            problems = []
            if self.scenario.kept_file:
                rel = os.path.relpath(os.fsdecode(self.kept_path), rel_root)
                entry = obs["tree"].get(os.fsencode(rel))
                final = self.final_tree.get(os.fsencode(rel))
                if entry is None:
                    problems.append(f"the kept file {rel} is missing")
                elif final is not None and entry[2] != final[2]:
                    problems.append(f"the kept file {rel} holds {len(entry[2])} bytes, not the "
                                    f"{len(final[2])} bytes of the edited copy")
            else:
                if history is not None:
                    keys = {step_key(s) for s in history}
                    missing = [s for s in self.changed if step_key(s) not in keys]
                    if missing:
                        problems.append(f"{len(missing)} of its history changes missing (step "
                                        f"{missing[0]['id']}: {missing[0].get('summary', missing[0].get('kind'))})")
                if export is not None and export != new_q:
                    problems.append("the questions are not the new ones")
                if scores is not None and counts(scores) != counts(self.final["scores"]["json"]):
                    problems.append("the scores differ from the command's")
                if "snapshots" in obs and obs["snapshots"]["rc"] == 0 \
                        and obs["snapshots"]["out"] != self.final["snapshots"]["out"]:
                    problems.append("`snapshots` lists other versions than after the command")
            for problem in problems:
                found.append(("acknowledged", f"acknowledged command without effect: {normalise(problem)}",
                              f"the command printed {self.ack_line!r} before the crash point, yet {problem}"))
        return found


def run_scenario(runner, scenario, options, out):
    """Runs one scenario; returns (violations, summary dict)."""
    work = tempfile.mkdtemp(prefix=f"{scenario.name}-", dir=runner.scratch)
    begun = time.monotonic()
    root, home, argv, editor = runner.prepare(scenario, work)
    rel_home = os.path.relpath(home, root)
    env = runner.env(home, NOW, editor)
    started = time.monotonic()
    rc, final_out, final_err, recorder = traced_run([runner.binary] + argv, env, scenario.stdin, work, root,
                                                    options.string_limit, runner.scratch)
    if rc not in scenario.expect_rc:
        raise ToolError(f"{scenario.name}: `memoquiz {' '.join(scenario.argv)}` exited {rc}: "
                        f"{first_line(final_err)}")
    timeline = Timeline(recorder.base, recorder.ops)
    real_final = snapshot_tree(root)
    model_final = timeline.build(len(timeline.ops), timeline.everything())
    problems = compare_trees(model_final, real_final)
    if problems:
        raise ToolError(f"{scenario.name}: the model of the run does not match the disk after it: "
                        + "; ".join(problems[:5]) + ("; notes: " + "; ".join(recorder.notes[:5]) if recorder.notes else ""))
    rel_root = os.fsdecode(root)
    base_tree = timeline.build(0, (frozenset(), {}))
    fixed = rel_root if scenario.remote_on_disk else None
    _, base_obs = runner.check_tree(base_tree, rel_home, scenario.name, scenario.extra, fixed)
    _, final_obs = runner.check_tree(real_final, rel_home, scenario.name, scenario.extra, fixed)
    context = Context(scenario, base_obs, final_obs, timeline, final_out, final_err, real_final)
    result = explore(runner, scenario, timeline, context, rel_home, rel_root, options)
    result["seconds"] = time.monotonic() - begun
    result["ops"] = len(timeline.ops)
    result["syncs"] = [op for op in timeline.ops if op.kind in ("sync", "syncall")]
    if options.redundant:
        result["redundant"] = redundant(runner, scenario, timeline, context, rel_home, rel_root, options)
    return result


def explore(runner, scenario, timeline, context, rel_home, rel_root, options, ignored=frozenset()):
    """Enumerates, checks and judges the crash states of a timeline."""
    if ignored:
        timeline = Timeline(timeline.base, timeline.ops, frozenset(ignored))
    rng = random.Random(f"{options.seed}:{scenario.name}:{sorted(ignored)}")
    points = list(range(len(timeline.ops) + 1))
    candidates = []   # (priority, order, point, label, variant)
    for point in points:
        for order, (label, variant) in enumerate(variants(timeline, point, rng, options.random_per_point)):
            priority = 0 if order == 0 else (1 if order < 2 else (2 if not label.startswith("random") else 3))
            candidates.append((priority, order, point, label, variant))
    if scenario.first_labels:
        # The states this scenario is about come first, crash point by crash point.
        first = {label: rank for rank, label in enumerate(scenario.first_labels)}
        candidates.sort(key=lambda c: (first.get(c[3], len(first)), c[0], c[1], c[2]))
    else:
        candidates.sort(key=lambda c: (c[0], c[1], c[2]))
    unique = collections.OrderedDict()
    for number, (priority, order, point, label, variant) in enumerate(candidates):
        tree = timeline.build(point, variant)
        digest = tree_digest(tree)
        unique.setdefault(digest, {"tree": tree, "uses": []})["uses"].append((number, point, label, variant))
    chosen = list(unique.items())[: scenario.max_states or options.max_states]
    if options.state is not None:
        chosen = [(d, u) for d, u in unique.items() if any(use[0] == options.state for use in u["uses"])]
    observations = {}

    def check(rank, tree):
        # The first states (the systematic ones) are always checked; the
        # others only while the scenario's share of the budget lasts.
        if rank >= options.min_states and not scenario.check_all and time.monotonic() > runner.deadline:
            return None
        return runner.check_tree(tree, rel_home, scenario.name, scenario.extra,
                                 rel_root if scenario.remote_on_disk else None)[1]

    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        futures = {pool.submit(check, rank, info["tree"]): digest for rank, (digest, info) in enumerate(chosen)}
        for future in concurrent.futures.as_completed(futures):
            obs = future.result()
            if obs is not None:
                observations[futures[future]] = obs
    skipped_budget = len(chosen) - len(observations)
    recovery = collections.Counter()
    for obs in observations.values():
        if "sync" in obs:
            runs = obs["sync"]["runs"]
            recovery["failed" if obs["sync"]["rc"] != 0 else ("by sync --init" if len(runs) > 1 else "by sync")] += 1
            if any(b"made again" in err for _, _, err in runs):
                recovery["remote made again"] += 1
    violations = []
    failing = []      # (point, variant, label, signature) of every violating use
    for digest, info in chosen:
        obs = observations.get(digest)
        if obs is None:
            continue
        seen_here = set()
        for number, point, label, variant in info["uses"]:
            for check, signature, message in context.judge(point, obs, rel_root):
                failing.append((point, variant, label, (check, signature)))
                if (check, signature) in seen_here:
                    continue
                seen_here.add((check, signature))
                violations.append({"check": check, "signature": signature, "message": message, "state": number,
                                   "point": point, "label": label,
                                   "after": timeline.ops[point - 1].desc if point else "(before the command)",
                                   "variant": describe_variant(timeline, point, variant)})
        if options.keep is not None and options.state is not None:
            target = os.path.join(options.keep, f"state-{options.state}")
            materialise(info["tree"], target)
            print(f"   state {options.state} kept in {target} (its data folder under the same name as in the run)")
    return {"points": len(points), "candidates": len(candidates), "distinct": len(unique),
            "checked": len(observations), "skipped_budget": skipped_budget, "violations": violations,
            "failing": failing, "recovery": recovery}


def redundant(runner, scenario, timeline, context, rel_home, rel_root, options):
    """For each sync: the violations that leaving it out adds.

    The crash states of the run without the sync are checked; each violation
    found there is checked again on the state the same choices give with the
    sync in place. A sync is needed when some violation appears only
    without it; it protects nothing when none does (in the states checked).
    """
    report = []
    for op in timeline.ops:
        if op.kind not in ("sync", "syncall"):
            continue
        if time.monotonic() > runner.deadline:
            report.append((op, None))
            continue
        result = explore(runner, scenario, timeline, context, rel_home, rel_root, options, {op.index})
        added = collections.OrderedDict()
        for point, variant, label, signature in result["failing"]:
            if signature in added:
                continue
            tree = timeline.build(point, variant)
            _, obs = runner.check_tree(tree, rel_home, scenario.name, scenario.extra,
                                       rel_root if scenario.remote_on_disk else None)
            with_sync = {(c, sig) for c, sig, _ in context.judge(point, obs, rel_root)}
            if signature not in with_sync:
                added[signature] = (point, label)
        report.append((op, list(added.items())))
    return report


def print_result(scenario, result, options, out):
    v = result["violations"]
    print(f"   {result['ops']} recorded ops, {len(result['syncs'])} syncs; {result['points']} crash points; "
          f"{result['candidates']} candidate states, {result['distinct']} distinct, {result['checked']} checked "
          f"({result['seconds']:.0f}s)"
          + (f", {result['skipped_budget']} NOT checked (time budget spent)" if result["skipped_budget"] else ""),
          file=out)
    by_sig = collections.OrderedDict()
    for item in v:
        by_sig.setdefault((item["check"], item["signature"]), []).append(item)
    if result.get("recovery"):
        r = result["recovery"]
        print(f"   sync in each state: {r['by sync']} recovered by `sync`, {r['by sync --init']} only by "
              f"`sync --init REMOTE`, {r['failed']} not at all; {r['remote made again']} found the remote "
              "damaged and made it again", file=out)
    print(f"   violations: {len(v)} in {len(by_sig)} kinds", file=out)
    for (check, signature), items in by_sig.items():
        first = min(items, key=lambda i: (i["point"], i["state"]))
        print(f"   - [{check}] {first['message']}", file=out)
        print(f"       {len(items)} state(s); first: state {first['state']} at crash point {first['point']} "
              f"(after op {first['point'] - 1}: {first['after']}): {first['label']}", file=out)
        print(f"       unsynced at that point: {first['variant']}", file=out)
        print(f"       replay: PYTHONPATH=Scripts python3 -m powercut --scenario {scenario.name} --seed {options.seed} "
              f"--max-states {options.max_states} --state {first['state']} --keep DIR", file=out)
    if "redundant" in result:
        print("   syncs (--redundant): what leaving each one out adds", file=out)
        for op, added in result["redundant"]:
            if added is None:
                print(f"   - op {op.index} {op.desc}: not tried (time budget spent)", file=out)
            elif added:
                print(f"   - op {op.index} {op.desc}: NEEDED; without it: "
                      + "; ".join(f"[{c}] {s} (crash point {p}, {label})" for (c, s), (p, label) in added[:3]),
                      file=out)
            else:
                print(f"   - op {op.index} {op.desc}: protects nothing in the states checked", file=out)
