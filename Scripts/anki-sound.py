"""Checks memoquiz's sound against Anki's own library, both ways.

Usage: python anki-sound.py MEMOQUIZ_BINARY

Anki makes a collection whose notes have sounds on both sides
([sound:FILE] in the front and in the back) and exports it in the current
format (media compressed with zstd) and the legacy one. For each package:

(a) memoquiz imports it: the sounds are in the data folder's media/, with
    the bytes Anki put in the package.
(b) memoquiz plays a round on a terminal with a fake player first on PATH
    (named paplay) that records its arguments and times and takes 3 seconds:
    the prompt's sound plays when the question is asked, :replay plays it
    again, the answer's sound after the verdict, and every verdict is on the
    screen before the first player has ended: the round never waits.
(c) memoquiz exports the groups with --format apkg, and Anki's importer
    takes the package into a fresh collection: the notes refer to the same
    sounds, and Anki's media folder holds the same bytes.
"""

import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time

from anki.collection import (Collection, ExportAnkiPackageOptions, ImportAnkiPackageOptions,
                             ImportAnkiPackageRequest)
from anki.import_export_pb2 import ExportLimit

MEMOQUIZ = os.path.abspath(sys.argv[1])
WORK = tempfile.mkdtemp(prefix="memoquiz-sound-")

SOUNDS = {
    "inu.mp3": b"ID3\x03\x00 inu " + bytes(range(256)) * 40,
    "dog.ogg": b"OggS dog " + bytes(reversed(range(256))) * 30,
    "neko.wav": b"RIFF neko WAVE" + b"\x00\x01" * 5000,
    "cat.ogg": b"OggS cat " + b"\xff\x00" * 3000,
}
NOTES = [
    ("犬 [sound:inu.mp3]", "dog [sound:dog.ogg]"),
    ("猫 [sound:neko.wav]", "cat [sound:cat.ogg]"),
]


def check(condition, message):
    if not condition:
        sys.exit(f"error: {message}")


def memoquiz(*arguments, home, extra=None):
    environment = dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1", **(extra or {}))
    result = subprocess.run([MEMOQUIZ, *arguments], capture_output=True, text=True, env=environment)
    check(result.returncode == 0, f"memoquiz {' '.join(arguments)} failed ({result.returncode}): {result.stderr}")
    return result


def packages():
    collection = Collection(os.path.join(WORK, "sounds.anki2"))
    for name, data in SOUNDS.items():
        check(collection.media.write_data(name, data) == name, f"Anki renamed {name}")
    basic = collection.models.by_name("Basic")
    deck = collection.decks.id("Sounds")
    for front, back in NOTES:
        note = collection.new_note(basic)
        note["Front"], note["Back"] = front, back
        collection.add_note(note, deck)
    limit = ExportLimit()
    limit.whole_collection.SetInParent()
    made = []
    for legacy in (False, True):
        path = os.path.join(WORK, "legacy.apkg" if legacy else "current.apkg")
        options = ExportAnkiPackageOptions(with_scheduling=False, with_deck_configs=False, with_media=True,
                                           legacy=legacy)
        collection.export_anki_package(out_path=path, options=options, limit=limit)
        made.append(path)
    collection.close()
    return made


def play_on_terminal(home, player_log):
    """Plays the group on a pseudo-terminal; returns the screen and when the verdicts showed."""
    bin_folder = os.path.join(WORK, "bin")
    os.makedirs(bin_folder, exist_ok=True)
    with open(os.path.join(bin_folder, "paplay"), "w") as script:
        script.write("#!/bin/sh\n"
                     f"echo \"start $(date +%s.%N) $*\" >> '{player_log}'\n"
                     "sleep 3\n"
                     f"echo \"end $(date +%s.%N) $*\" >> '{player_log}'\n")
    os.chmod(os.path.join(bin_folder, "paplay"), 0o755)
    environment = dict(os.environ, MEMOQUIZ_HOME=home, NO_COLOR="1", TERM="xterm",
                       PATH=bin_folder + ":" + os.environ.get("PATH", "/usr/bin:/bin"))
    environment.pop("MEMOQUIZ_PLAYER", None)
    pid, master = pty.fork()
    if pid == 0:
        os.execve(MEMOQUIZ, [MEMOQUIZ, "play", "Sounds", "--strategy", "sequential"], environment)
    screen = b""

    def wait_for(text, timeout=20):
        nonlocal screen
        deadline = time.time() + timeout
        while text.encode() not in screen:
            check(time.time() < deadline, f"no {text!r} on the terminal; it shows: {screen.decode(errors='replace')}")
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    screen += os.read(master, 65536)
                except OSError:
                    break
        return time.time()

    wait_for("犬 [sound]")
    wait_for("> ")
    os.write(master, ":replay\r".encode())
    time.sleep(0.3)
    # Basic notes are graded by the learner: the attempt, then a grade key.
    os.write(master, "dog\r".encode())
    wait_for("1-4> ")
    os.write(master, b"3")
    first_verdict = wait_for("猫 [sound]")
    os.write(master, "cat\r".encode())
    wait_for("Answer: cat")
    wait_for("1-4> ")
    os.write(master, b"3")
    last_verdict = time.time()
    try:
        os.write(master, b"\x04")
    except OSError:
        pass
    deadline = time.time() + 20
    while time.time() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                screen += os.read(master, 65536)
            except OSError:
                pass
    return screen.decode(errors="replace"), first_verdict, last_verdict


def check_package(package):
    name = os.path.basename(package)
    home = os.path.join(WORK, "home-" + name)
    memoquiz("import", package, home=home)
    media = os.path.join(home, "media")
    for sound, data in SOUNDS.items():
        path = os.path.join(media, sound)
        check(os.path.isfile(path), f"{name}: {sound} is not in media/ ({os.listdir(media) if os.path.isdir(media) else 'no media/'})")
        with open(path, "rb") as file:
            check(file.read() == data, f"{name}: {sound} in media/ does not hold Anki's bytes")

    player_log = os.path.join(WORK, "player-" + name + ".log")
    screen, first_verdict, _ = play_on_terminal(home, player_log)
    # Every player is done 3 seconds after it started.
    time.sleep(3.5)
    with open(player_log) as file:
        lines = [line.split(" ", 2) for line in file.read().splitlines()]
    starts = [(float(stamp), argument) for kind, stamp, argument in lines if kind == "start"]
    ends = [float(stamp) for kind, stamp, _ in lines if kind == "end"]
    played = [os.path.basename(argument) for _, argument in starts]
    # The answer's sound and the next prompt's start together: their order
    # in the log is the shells' race.
    check(played[:2] == ["inu.mp3", "inu.mp3"] and sorted(played[2:4]) == ["dog.ogg", "neko.wav"]
          and played[4:] == ["cat.ogg"],
          f"{name}: the player played {played}, not the prompt, the replay, the answer, the next prompt")
    check(all(argument.startswith(os.path.join(home, "media") + "/") for _, argument in starts),
          f"{name}: the player was not given the media file's absolute path: {starts}")
    check(first_verdict < min(ends), f"{name}: the round waited for the player")
    check("dog" in screen and "[sound]" in screen, f"{name}: the round showed {screen}")
    print(f"{name}: imported {len(SOUNDS)} sounds with Anki's bytes; played {' '.join(played)}; "
          f"the first verdict came {min(ends) - first_verdict:.1f} s before the first player ended")

    exported = os.path.join(WORK, "export-" + name)
    memoquiz("export", "Sounds", "--format", "apkg", "--output", exported, home=home)
    target = Collection(os.path.join(WORK, "target-" + name + ".anki2"))
    target.import_anki_package(ImportAnkiPackageRequest(
        package_path=exported, options=ImportAnkiPackageOptions(with_scheduling=True)))
    fields = sorted(tuple(target.get_note(note_id).fields[:2]) for note_id in target.find_notes(""))
    check(fields == sorted(NOTES), f"{name}: Anki imported the notes {fields}")
    folder = target.media.dir()
    for sound, data in SOUNDS.items():
        path = os.path.join(folder, sound)
        check(os.path.isfile(path), f"{name}: Anki's media folder lacks {sound}: {os.listdir(folder)}")
        with open(path, "rb") as file:
            check(file.read() == data, f"{name}: Anki's {sound} does not hold the same bytes")
    target.close()
    print(f"{name}: exported again; Anki imported both notes with the same {len(SOUNDS)} sounds, byte for byte")


def main():
    try:
        for package in packages():
            check_package(package)
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    print("Sound checked against Anki 26.9.3")


if __name__ == "__main__":
    main()
