"""Command line: ``python -m pyrules play FILE`` replays a fight record and prints the result as JSON;
``python -m pyrules odds FILE [--willpower N]`` prints the exact odds from the record's state, fought to the end.

Exit status: 0 on success, 2 for a bad record (the message names the field) or bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys

from .fields import RecordError, check_depth
from .fight import Fight


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyrules", description="Gamebook combat rules.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="replay a fight record (JSON) and print outcome, state and log")
    play.add_argument("file", help="the fight record, or - for standard input")
    chances = commands.add_parser("odds", help="exact odds from the record's state, fought to the end (JSON)")
    chances.add_argument("file", help="the fight record, or - for standard input")
    chances.add_argument("--willpower", type=int, default=1, help="Grey Star: WILLPOWER to spend each round")
    args = parser.parse_args(argv)
    if args.command == "odds" and args.willpower < 1:
        print("pyrules: --willpower must be at least 1", file=sys.stderr)
        return 2

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"pyrules: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        check_depth(text, "record")
        try:
            record = json.loads(text)
        except ValueError as exc:
            raise RecordError("record", f"is not valid JSON ({exc})") from None
        fight = Fight.from_record(record)
        result = fight.result() if args.command == "play" else _odds(fight, args.willpower)
    except RecordError as exc:
        print(f"pyrules: {args.file}: {exc}", file=sys.stderr)
        return 2
    except (RecursionError, _too_large()) as exc:
        print(f"pyrules: {args.file}: too large for exact odds ({type(exc).__name__})", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
    print()
    return 0


def _too_large() -> type[Exception]:
    from .odds import TooLarge

    return TooLarge


def _odds(fight: Fight, willpower: int) -> dict:
    from .odds import odds

    reply = odds(fight, willpower, table=False)
    for key in ("endurance", "willpower"):
        if reply.get(key) is not None:
            reply[key] = {str(value): p for value, p in reply[key]}
    return reply


if __name__ == "__main__":
    sys.exit(main())
