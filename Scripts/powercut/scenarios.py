"""The scenarios: a prepared data folder and one command each."""

import os

# Scenarios

class Scenario:
    """A data folder made by earlier commands, then one command under test."""

    def __init__(self, name, argv, stdin=b"", prepare=(), needs=None, ack=None, ack_stream="stdout",
                 atomic=False, kept_file=None, new_folder=False, editor=None, inputs=None, expect_rc=(0,),
                 about="", snapshots=False, earlier_release=False, imports_answers=False, remote_on_disk=False,
                 regrades=False):
        self.name, self.argv, self.stdin, self.prepare = name, argv, stdin, prepare
        self.needs = needs or argv[0]
        self.ack, self.ack_stream, self.atomic = ack, ack_stream, atomic
        self.kept_file, self.new_folder, self.editor = kept_file, new_folder, editor
        self.inputs = inputs or {}
        self.expect_rc = expect_rc
        self.about = about
        # Commands that replace the questions save a snapshot first: part of their effect.
        self.extra = (("snapshots", ["snapshots"]),) if snapshots else ()
        # The history as an earlier release wrote it: answers without their
        # learner day, and no checkpoint or outlook.
        self.earlier_release = earlier_release
        # The command records answers that print no verdict (an import's log
        # of reviews): they are judged with its other steps, all or nothing.
        self.imports_answers = imports_answers
        # A later step of the command may grade an answer again (a
        # `:synonym` counts an Incorrect one as correct): answers are
        # matched, and counted in the scores, without their grade.
        self.regrades = regrades
        # The remote is a bare repository inside the sandbox, on the data
        # folder's disk: the power cut reaches it too. Each crash state is
        # then rebuilt where the run took place (the remote's path is
        # recorded in the folder), and must recover: `sync` exits 0, or else
        # `sync --init REMOTE` does, and no step from before is lost.
        self.remote_on_disk = remote_on_disk
        # Every distinct state chosen is checked, whatever the budget says:
        # first those a power cut leaves (every name of a crash point kept,
        # every byte not synced dropped: a ref that names objects the
        # remote lost), then those of kill -9, at every crash point; at
        # most `max_states` of them (None: --max-states).
        self.check_all = remote_on_disk
        self.first_labels = (("unsynced names kept, unsynced bytes dropped", "everything written (as after kill -9)")
                             if remote_on_disk else ())
        self.max_states = 150 if remote_on_disk else None


def as_earlier_release(home):
    """Rewrites a data folder's history as the release before learner days
    wrote it: each answer without its day (and without an empty origin),
    and no derived state under local/ (nor the mark of how far this
    machine's file reached, which that release did not write)."""
    history = os.path.join(home, "history")
    for name in os.listdir(history):
        path = os.path.join(history, name)
        with open(path, "rb") as handle:
            lines = handle.read().split(b"\n")
        for index, line in enumerate(lines):
            fields = line.split(b"\t")
            if fields[0] == b"answer" and len(fields) == 12:
                lines[index] = b"\t".join(fields[:11] if fields[10] else fields[:10])
        with open(path, "wb") as handle:
            handle.write(b"\n".join(lines))
    for name in ("checkpoint", "outlook", "own-log"):
        path = os.path.join(home, "local", name)
        if os.path.exists(path):
            os.remove(path)


# An Anki package of the tests: two decks and a log of 15 reviews.
ANKI_PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                            "Tests", "memoquizTests", "Fixtures", "anki", "shared-deck.apkg")


def answers(*lines):
    return ("\n".join(lines) + "\n").encode()


def scenarios():
    play_some = ("play", ["play", "1", "--strategy", "sequential"], answers("a", "i", "x", "e"))
    numbers_round = ("play", ["play", "Numbers", "--strategy", "sequential"],
                     answers(*["ichi", "x", "san", "yon", "go", "x", "nana", "hachi", "kyuu", "juu"] * 2))
    edited = ("edit", ["edit"], b"", "edited")
    # About 32 KiB of history, just short of the next checkpoint of progress.
    long_history = [("play", ["play", str(g), "--strategy", "sequential"], b"x\n" * 50)
                    for g in list(range(1, 11)) + list(range(1, 7))]
    return [
        Scenario("first-use", ["play", "1", "--strategy", "sequential"], answers("a", "i", "x"),
                 new_folder=True, about="the first command on a data folder that does not exist yet"),
        Scenario("play", ["play", "Katakana", "--strategy", "random", "--seed", "7"],
                 answers("a", "ka", "x", "?", "shi", "ne"), prepare=[play_some],
                 about="answers piped to a random round, next to an unfinished round"),
        Scenario("review", ["play", "Numbers", "--strategy", "review", "--new", "2"],
                 answers("ichi", "x", "ni", "san", "x", "yon", "go", "roku"), prepare=[numbers_round],
                 about="a review round of due questions, misses asked again"),
        Scenario("checkpoint", ["play", "Hiragana small tsu", "--strategy", "sequential"],
                 answers("x", "x", "kko", "x", "x", "x"), prepare=long_history,
                 about="answers that take a long history past the point where progress is checkpointed"),
        Scenario("round-synonym", ["play", "Hiragana", "--strategy", "sequential"],
                 answers("a", "yi", ":synonym", "u"), prepare=[numbers_round], snapshots=True, regrades=True,
                 about="a `:synonym` in a round: an answer accepted from now on, and counted as correct"),
        Scenario("review-command", ["review"], answers("ichi", "x", "ni", "san", "yon", "go"),
                 prepare=[numbers_round], about="`memoquiz review` over all groups"),
        Scenario("undo", ["undo"], prepare=[play_some], ack=rb"^Took back", atomic=True,
                 about="undo of the last answer"),
        Scenario("redo", ["redo"], prepare=[play_some, ("undo", ["undo"], b"")], ack=rb"^Brought back",
                 atomic=True, about="redo of an answer taken back"),
        Scenario("reset", ["reset", "--all", "--yes"], prepare=[play_some], ack=rb"^Reset", atomic=True,
                 about="reset of all groups"),
        Scenario("edit", ["edit"], prepare=[play_some], editor="edited", ack=rb"^Saved ", atomic=True,
                 snapshots=True, about="a valid edit by an editor that rewrites the file"),
        Scenario("edit-invalid", ["edit"], prepare=[play_some], editor="broken", ack=rb"Your edit is kept in",
                 ack_stream="stderr", kept_file=rb"Your edit is kept in (\S+)", atomic=True, expect_rc=(65,),
                 about="an invalid edit, whose kept copy must survive"),
        Scenario("undo-edit", ["undo"], prepare=[play_some, edited], editor="edited", ack=rb"^Took back",
                 atomic=True, snapshots=True, about="undo of an edit of the questions"),
        Scenario("add", ["add", "Hiragana", "ゐ", "wi", "--hint", "old wi"], prepare=[play_some], ack=rb"^Added ",
                 atomic=True, snapshots=True, about="add one question"),
        Scenario("import", ["import", "{input:words.tsv}"], prepare=[play_some], ack=rb"^Imported ",
                 atomic=True, inputs={"words.tsv": "ねこ\tneko\tcat\nいぬ\tinu\tdog\nとり\ttori\tbird\n"},
                 snapshots=True, about="import of a small .tsv file"),
        Scenario("import-package", ["import", ANKI_PACKAGE], prepare=[play_some], ack=rb"^Imported ",
                 atomic=True, snapshots=True, imports_answers=True,
                 about="import of an Anki package: its groups and its log of reviews, as one step"),
        Scenario("review-groups", ["review"],
                 answers("ichi", "a", "x", "ni", "i", "san", "x", "e", "yon", "u", "go", "o"),
                 prepare=[numbers_round, play_some], about="`memoquiz review` of questions due in two groups"),
        Scenario("restore", ["restore", "2"],
                 prepare=[play_some, ("add", ["add", "Hiragana", "ゑ", "we"], b""), edited], editor="edited",
                 ack=rb"^Restored ", atomic=True, snapshots=True, about="restore of a saved version of the questions"),
        Scenario("config", ["config", "new-per-day", "5"], prepare=[play_some], ack=rb"\S", atomic=True,
                 about="a setting changed"),
        Scenario("config-group", ["config", "--group", "Hiragana", "new-per-day", "5"], prepare=[play_some],
                 ack=rb"\S", atomic=True, about="a group's own setting changed"),
        Scenario("config-group-folder", ["config", "--group", "Hiragana", "new-per-day", "folder"],
                 prepare=[play_some, ("config", ["config", "--group", "Hiragana", "new-per-day", "5"], b"")],
                 ack=rb"^new-per-day of Hiragana is now the folder's", atomic=True,
                 about="a group given the folder's setting again"),
        Scenario("suspend", ["suspend", "Hiragana/う"], prepare=[play_some], ack=rb"^Suspended ", atomic=True,
                 about="a question suspended outside a round"),
        Scenario("exam", ["exam", "Hiragana", "--on", "2099-12-20"], prepare=[play_some], ack=rb"^Exam goal set",
                 atomic=True, about="an exam goal set"),
        Scenario("optimize", ["optimize"], prepare=[play_some, numbers_round], ack=rb"\S", atomic=True,
                 about="the scheduler's parameters fitted and installed"),
        Scenario("optimize-model", ["optimize", "--model", "SBD+hours"], prepare=[play_some, numbers_round],
                 ack=rb"\S", atomic=True, about="another memory model fitted and installed"),
        Scenario("learner-days", ["groups"], prepare=[play_some, numbers_round], ack=rb"learner days",
                 ack_stream="stderr", atomic=True, earlier_release=True,
                 about="the first command of this release: answers of an earlier one given their learner days"),
        Scenario("sync", ["sync"], prepare=[("sync", ["sync", "--init", "{remote}"], b""), play_some],
                 ack=rb"\S", atomic=False, about="steps exchanged through git"),
        Scenario("sync-same-disk", ["sync"],
                 prepare=[("sync", ["sync", "--init", "{remote}"], b""), play_some, ("sync", ["sync"], b""),
                          numbers_round],
                 ack=rb"\S", atomic=False, remote_on_disk=True,
                 about="steps exchanged through git with a remote on the data folder's disk; every state recovers"),
    ]


EDITOR_SCRIPT = """#!/bin/sh
# Rewrites the file it is given, as an editor saving in place does.
for last in "$@"; do :; done
cat "{source}" > "$last"
"""
