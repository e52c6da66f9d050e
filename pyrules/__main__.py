"""Command line: ``python -m pyrules play FILE`` replays a fight record and prints the result as JSON;
``python -m pyrules odds FILE [--willpower N]`` prints the exact odds from the record's state, fought to the end;
``python -m pyrules review FILE [--lambda X]`` prints the fight's review (:mod:`pyrules.review`) as a table: for each
action its round, the worth before it (and the chance to win, where the fight has a way out), what was done, what the
choice cost, what luck gave, its mark; then the summary.

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
    judged = commands.add_parser("review", help="the fight's review: each round's worth, choice and luck (a table)")
    judged.add_argument("file", help="the fight record, or - for standard input")
    judged.add_argument("--lambda", dest="lam", type=float, default=0.0,
                        help="Grey Star: what a point of WILLPOWER is worth, from 0 to 1 win")  # fmt: skip
    args = parser.parse_args(argv)
    if args.command == "odds" and args.willpower < 1:
        print("pyrules: --willpower must be at least 1", file=sys.stderr)
        return 2
    if args.command == "review" and not 0 <= args.lam <= 1:
        print("pyrules: --lambda must be from 0 to 1", file=sys.stderr)
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
        if args.command == "review":
            print(_review(fight, args.lam))
            return 0
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


def _review(fight: Fight, lam: float) -> str:
    from . import review_simulated
    from .review import points, review
    from .review_simulated import with_interval, within_error

    if "exact_odds" in fight.system.capabilities:
        answer = review(fight, {"lambda": lam})
    else:  # simulated, all at once (no request's deadline here)
        answer = review_simulated.review(fight)
    rows: list[tuple[str, ...]] = [("round", "before", "done", "choice", "luck", "mark")]
    for row in answer["rows"]:
        if not row["known"]:  # past the exact odds' budget
            rows.append((str(row["round"]), "?", row["did"], "?", "?", ""))
            continue
        if row["error"] is not None:  # simulated: the chance with its 95 % interval; no choice judged, no luck told
            before = with_interval(row["before"], row["low"], row["high"])
            change = within_error(points(row["luck"]), row["luck_error"])
            rows.append((str(row["round"]), before, row["did"], f"({change})", "", ""))
            continue
        before = f"{round(100 * row['before'])} %"
        # an action the worth does not weigh (the sheet's): the change it made, in the choice's column, bracketed
        choice = points(row["choice"]) if row["judged"] else f"({points(row['sheet'])})"
        rows.append((str(row["round"]), before, row["did"], choice, points(row["luck"]), row["mark"] or ""))
    if "win_line" in answer:  # a way out: the chance to win fighting on to the end, beside the worth
        wins = ["win", *("?" if row["win"] is None else f"{round(100 * row['win'])} %" for row in answer["rows"])]
        rows = [(*row[:2], win, *row[2:]) for row, win in zip(rows, wins, strict=True)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
    return "\n".join([*lines, "", answer["summary"]])


def _odds(fight: Fight, willpower: int) -> dict:
    from .odds import odds

    reply = odds(fight, {"willpower": willpower}, table=False)
    for key in (reply["main_stat"], "willpower"):
        if reply.get(key) is not None:
            reply[key] = {str(value): p for value, p in reply[key]}
    return reply


if __name__ == "__main__":
    sys.exit(main())
