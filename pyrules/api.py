"""The one boundary between the page and the rules: JSON in, JSON out.

The Web Worker calls :func:`call` with a JSON text ``{"op": ..., ...}`` and gets a JSON text back:
``{"ok": true, ...}`` or ``{"ok": false, "error": {"field", "label", "message", "text"}}``. Nothing raises
across the boundary.

>>> import json
>>> numbers = '{"skill": 5, "endurance": 3}'
>>> reply = json.loads(call('{"op": "new_hero", "system": "lone-wolf", "numbers": ' + numbers + '}'))
>>> reply["hero"]
{'skill': 15, 'endurance': 23}
>>> json.loads(call('{"op": "start", "record": {"format": "pyrules-fight"}}'))["error"]["field"]
'version'
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import __version__, adventure, budget, i18n, odds, preview, review, rng, share
from .contract import System, Worth, option_value
from .fields import Reader, RecordError, join, key_name, parse_json, show
from .fight import FORMAT, VERSION, Fight, collector_paused, system_of
from .i18n import tr
from .systems import SYSTEMS, legacy_options, worth_parts

if TYPE_CHECKING:
    from .contract import OddsOption

MAX_REQUEST = 1_000_000  # characters
MAX_SESSIONS = 16
# A fight's log crosses the boundary in pages (a 5,000-round fight's whole log is megabytes: 9.8 M characters with
# 20 enemies, and the page's work to draw it seconds): an opened fight's reply carries its last events, the op ``log``
# the ones before, each answer at most LOG_TAIL events and LOG_LINES lines (an event's own, and one for each opponent
# it lists: a Fighting Fantasy round against 20 is 21), so that a page draws one without stopping for long.
LOG_TAIL = 200
LOG_LINES = 250
_sessions: dict[int, Fight] = {}
_next_id = [1]


def call(request: Any) -> str:
    """Handle one request (a JSON text); always returns a JSON text. The request's budget counts from here: reading
    the request and the op's work end by its deadline, the last ``budget.REPLY_SECONDS`` of it are the reply's.
    Python's cyclic garbage collector waits until the answer is made: a long fight's request keeps a million small
    objects alive to its end, and the collector went over them again and again (a 5,000-round review against 20
    spent 1.7 s in it, past the budget)."""
    try:
        with budget.within(budget.REQUEST_SECONDS - budget.REPLY_SECONDS), collector_paused():
            reply = _answer(request)
        return _written({"ok": True, **reply})
    except RecordError as exc:
        too_large = {"too_large": True} if isinstance(exc, TooLargeRequest) else {}
        return _written({"ok": False, "error": exc.as_dict(), **too_large})
    except Exception as exc:  # a bug: still crosses the boundary as data
        if isinstance(exc, ImportError) and (exc.name or "").startswith("pyrules"):  # but a module of the rules'
            return _written({"ok": False, "more": exc.name})  # later pack, not yet unpacked: worker.js fetches it
        error = {
            "field": "",
            "label": "",
            "message": f"internal error: {type(exc).__name__}: {exc}",
            "text": f"internal error: {type(exc).__name__}: {exc}",
        }
        return _written({"ok": False, "error": error, "internal": True})


def _written(reply: dict) -> str:
    """A reply as the page reads it: compact JSON (a long fight's record is a fifth shorter without the spaces)."""
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))


def _answer(request: Any) -> dict:
    """The request read and its op's reply (not yet written as JSON)."""
    if not isinstance(request, str) or len(request) > MAX_REQUEST:
        raise RecordError("request", tr("must be a JSON text of at most {n} characters", n=MAX_REQUEST))
    data = parse_json(request, "request")
    reader = Reader(data, "", {"op": "Operation", "lang": "Language"})
    op = reader.choice("op", HANDLERS)
    lang = reader.choice("lang", dict.fromkeys(i18n.LANGUAGES), default="en")
    with i18n.language(lang):
        try:
            return HANDLERS[op]({key: value for key, value in data.items() if key not in ("op", "lang")})
        except budget.TooLarge:
            raise TooLargeRequest("request", too_large_words(op)) from None


def too_large_words(op: str) -> str:
    """Why a request was stopped at its deadline, in its own words."""
    n = f"{budget.REQUEST_SECONDS:g}"
    if op in ("odds", "mc_start"):
        return tr("this fight is too large for exact odds: use the simulation")
    if op == "review":
        return tr("this fight is too long to review within the {n} s a request may take", n=n)
    if op == "mc_run":
        return tr("one simulated fight takes longer than {n} s here: this fight is too long to simulate", n=n)
    return tr("this takes longer than the {n} s a request may take: it is too large to answer", n=n)


def _hello(data: dict) -> dict:
    """The rules' version and the systems they know; with ``describe``, each system as it tells itself in the
    request's language (:meth:`pyrules.contract.System.description`: the page's words and labels, whether its hero
    takes the adventure sheet's name, what it can do...)."""
    r = Reader(data, "")
    describe = r.flag("describe")
    r.done()
    reply: dict[str, Any] = {"version": __version__, "format": FORMAT, "format_version": VERSION, "keys": list(SYSTEMS)}
    if describe:
        reply["systems"] = {key: cls.description() for key, cls in SYSTEMS.items()}
        reply["rule_labels"] = {key: tr(label) for cls in SYSTEMS.values() for key, label in cls.rule_labels.items()}
    return reply


def _new_hero(data: dict) -> dict:
    r = Reader(data, "")
    system = system_of(r.get("system"))
    seed = r.integer("seed", low=0, high=rng.MAX_SEED, default=0)
    given = r.get("numbers", {})
    r.done()
    labels = {key: tr("Random number for {label}", label=tr(label)) for key, label in system.labels().items()}
    hero, numbers = system.roll_hero(seed, Reader(given, "numbers", labels, lenient=True))
    return {"hero": hero, "numbers": numbers}


def _tail(fight: Fight, end: int | None = None) -> dict:
    """The events of a fight's log before index ``end`` (its end by default) that one answer carries (``log``: back
    from ``end``, at most LOG_TAIL events and LOG_LINES lines, and at least one event) and the index of the first of
    them (``log_from``), each with its words (:meth:`Fight.told`); the op ``log`` gives the ones before.

    >>> from types import SimpleNamespace
    >>> fight = SimpleNamespace(log=[{"kind": "round", "enemies": [{}] * 20}] * 50, told=lambda event: event)
    >>> _tail(fight)["log_from"]  # 11 rounds of 21 lines: 231
    39
    """
    log = fight.log
    end = len(log) if end is None else end
    start, lines = end, 0
    while start > 0 and end - start < LOG_TAIL:
        lines += 1 + len(log[start - 1].get("enemies") or ())
        if lines > LOG_LINES and start < end:
            break
        start -= 1
    return {"log": [fight.told(event) for event in log[start:end]], "log_from": start}


def _open(fight: Fight, **extra: Any) -> dict:
    """Keep the fight as a session; the reply the page needs to show it (the log's last events: :func:`_tail`)."""
    session = _next_id[0]
    _next_id[0] += 1
    _sessions[session] = fight
    while len(_sessions) > MAX_SESSIONS:
        del _sessions[min(_sessions)]
    return {
        "session": session,
        "record": fight.record(),
        "view": fight.view(),
        "why": fight.refusals(),
        **_tail(fight),
        "summary": fight.summary(),
        "terms": fight.system.glossed(),
        **extra,
    }


def _start(data: dict) -> dict:
    """A new fight. With ``left`` (the hero part the adventure's last fight left, as ``hero_after`` gave it), the
    reply's ``changed`` lists what the new fight's hero starts from instead: the adventure does not chain its fights
    (the sheet takes any edit the book asks for), so the page says it rather than refuse it."""
    r = Reader(data, "")
    record = r.get("record")
    lenient = r.flag("form")
    left = r.get("left", None)
    r.done()
    fight = Fight.from_record(record, lenient=lenient)
    extra = {} if left is None else {"changed": adventure.changed(fight.system, left, record.get("hero"), lenient)}
    return _open(fight, **extra)


def _restore(data: dict) -> dict:
    """A saved fight: keep what is valid and say what was dropped."""
    r = Reader(data, "")
    record = r.get("record")
    r.done()
    fight, dropped = Fight.restore(record)
    return _open(fight, dropped=dropped)


def _check_saves(data: dict) -> dict:
    """Check many saved records at once (at start-up): a summary for each, or the reason it cannot be read.

    Each record comes as its own JSON text, so that one damaged beyond parsing fails alone. Those left when the
    request's time is up are not checked: ``next`` is the index of the first of them (None: all were), for the page
    to send again."""
    r = Reader(data, "")
    records = r.items("records", low=0, high=10_000)
    r.done()
    results: list[dict] = []
    for index, text in enumerate(records):
        try:
            if not isinstance(text, str):
                raise RecordError(f"records[{index}]", tr("must be the JSON text of a fight record"))
            fight, dropped = Fight.restore(parse_json(text, "record"))
        except RecordError as error:
            results.append({"ok": False, "error": error.as_dict()})
            continue
        except budget.TooLarge:  # the request's time is up: the page asks again for the rest
            if not results:
                raise
            return {"results": results, "next": index}
        results.append(
            {"ok": True, "summary": fight.summary(), "dropped": dropped, "record": fight.record() if dropped else None}
        )
    return {"results": results, "next": None}


def _adventure(data: dict) -> dict:
    """An adventure document (or a fight record, or a fight saved before adventures: a one-fight adventure), checked
    whole, every fight replayed, and normalized (see :mod:`pyrules.adventure`)."""
    r = Reader(data, "")
    document = r.get("adventure")
    lenient = r.flag("form")
    r.done()
    return {"adventure": adventure.read(document, lenient)}


def _sheet(data: dict) -> dict:
    """Between sections: an ``action`` on the adventure's sheet, or ``undo`` of its last one, or neither: its
    journal's lines and the book's chart (:func:`pyrules.journal.answer`)."""
    r = Reader(data, "", {"adventure": "Adventure", "action": "Action", "undo": "Undo"})
    document, undo = adventure.read(r.get("adventure")), r.flag("undo")
    given = None if undo else r.get("action", None)
    r.done()
    from .journal import answer  # the Action Chart's part of the rules: the second pack (tools/package.py)
    return answer(document, system_of(document["system"]), undo, given)


def _hero_after(data: dict) -> dict:
    """The record's hero part as the fight leaves the hero, for the adventure's next fight, and the outcome."""
    r = Reader(data, "")
    record = r.get("record")
    r.done()
    hero, outcome = adventure.hero_after(record)
    return {"hero": hero, "outcome": outcome}


def _share(data: dict) -> dict:
    """The open fight as a share link. With the page's ``options`` (the odds options its player chose other than the
    page's defaults; or the older form's, :func:`_chosen`), the link's record carries the parts of the worth its book
    weighs (the record's own standing), so that the friend's story is judged as the player's was; ``judged`` (all the
    options the page judges the story by, in either form) is what the link's preview's chart is judged by."""
    r = _opened(data, {"judged": "Worth"})
    fight = _fight(r)
    picked = _chosen(r, fight.system)
    judged = _opened(r.get("judged", {}), {}, "judged")
    seen = _chosen(judged, fight.system)  # what the player's story was judged by
    judged.done()
    r.done()
    parts = {key: value for key, value in picked.items() if key in fight.system.worth_parts}
    record = fight.record()
    if parts:
        record["worth"] = {**parts, **fight.worth_given}
    try:  # the link carries its preview, where it fits (the friend's page draws it before the rules are loaded)
        # judged as the friend's rules will judge it: the record's parts over the player's page's
        code = share.encode(record, preview=preview.of_fight(fight, options={"options": {**seen, **parts}}))
    except RecordError:
        code = share.encode(record)
    return {"code": code, "length": len(code)}


def _share_adventure(data: dict) -> dict:
    """An adventure (its hero's sheet and all its fights) as one share link: the document checked whole, every fight
    replayed, and normalized (as an import), then encoded; past a link reader's limits, refused with the words to
    export it instead."""
    r = Reader(data, "")
    given = r.get("adventure")
    r.done()
    with i18n.language("en"):
        document, seen = adventure.overview(given)
    too_long = "cannot carry an adventure this long: use Export the adventure to save it as a file and send it"
    try:
        code = share.encode(document, too_long, preview.of_adventure(seen))
    except RecordError:
        code = share.encode(document, too_long)
    return {"code": code, "length": len(code)}


def _open_link(data: dict) -> dict:
    """A share link is untrusted: decoded and checked whole; any fault is refused with a message. A fight opens as
    the fight; an adventure's link answers its document, normalized (``adventure``), every fight replayed, and what
    it shows before any fight is opened (``overview``: :func:`pyrules.adventure.overview`). Where no story will be
    asked (a fight of no action), ``preview`` says whether the link's preview is these rules' own
    (:func:`pyrules.preview.compared`)."""
    r = Reader(data, "")
    code = r.get("code")
    r.done()
    record, given = share.decode_shared(code)
    if record.get("format") == adventure.FORMAT:
        try:
            document, seen = adventure.overview(record)
            answer = {"adventure": document, "overview": seen, "terms": system_of(document["system"]).glossed()}
            if given is not None:  # said where the link's preview is not what these rules make of it
                answer["preview"] = _compared(record, given)
            return answer
        except RecordError as error:
            why = tr("holds an adventure this app cannot open ({error})", error=error.said())
            raise RecordError("link", why, tr("Share link")) from None
    try:
        fight = Fight.from_record(record)
    except RecordError as error:
        raise RecordError(
            "link", tr("holds a fight this app cannot play ({error})", error=error.said()), tr("Share link")
        ) from None
    opened = _open(fight)
    if given is not None and not fight.log:  # no story is asked for a fight of no action: its preview checked here
        opened["preview"] = preview.compared(given, fight, None)
    return opened


def _compared(document: dict, given: Any) -> str:
    """Whether an adventure link's preview is the one these rules make of it ("same", "differs"), or "unchecked"
    where the request's budget does not leave time to make it (the overview in English is a second replay)."""
    try:
        with i18n.language("en"):
            return preview.DIFFERS if preview.of_adventure(adventure.overview(document)[1]) != given else preview.SAME
    except budget.TooLarge:
        return "unchecked"


def _known(r: Reader, key: str, table: dict[int, Any], unknown: Callable[[str], str]) -> Any:
    """The entry of ``table`` that ``r[key]`` names: ids are whole numbers (not 1.0, not true, not a list)."""
    value = r.get(key)
    if type(value) is not int or value not in table:
        raise r.error(key, unknown(show(value)))
    return table[value]


def _fight(r: Reader) -> Fight:
    return _known(r, "session", _sessions, lambda n: tr("no open fight {n}: start it again from its record", n=n))


def _act(data: dict) -> dict:
    r = Reader(data, "")
    fight = _fight(r)
    action = r.get("action")
    r.done()
    event = fight.apply(action)
    return {
        "event": fight.told(event),
        "action": fight.actions[-1],
        "view": fight.view(),
        "why": fight.refusals(),
        "summary": fight.summary(),
    }


def _undo(data: dict) -> dict:
    r = Reader(data, "")
    fight = _fight(r)
    r.done()
    undone = fight.undo()
    return {  # no log: the page takes the undone action's rows away (a whole log is megabytes in a long fight)
        "undone": undone,
        "view": fight.view(),
        "why": fight.refusals(),
        "summary": fight.summary(),
    }


def _log(data: dict) -> dict:
    """The events of an open fight's log before index ``end`` that one answer carries (:func:`_tail`): the ones
    before those the page has (an opened fight's reply carries the last ones, from its ``log_from``)."""
    r = Reader(data, "")
    fight = _fight(r)
    size = len(fight.log)
    if not size:
        raise r.error("end", tr("is past the fight's log, which holds no event yet"))
    end = r.integer("end", low=1, high=size)
    r.done()
    return _tail(fight, end)


def _replay(data: dict) -> dict:
    """The command line's answer (outcome, hero, enemies) with the log's last events, as an opened fight's
    (:func:`_tail`): the earlier ones are the log of the fight opened from the record (``start``, then ``log``)."""
    r = Reader(data, "")
    record = r.get("record")
    r.done()
    fight = Fight.from_record(record)
    return {**fight.result(log=False), **_tail(fight)}


def _odds_fight(r: Reader) -> Fight:
    """The fight of an odds request: an open session, or a record (``form``: as typed in the set-up form, numbers
    may come as text, as for ``start``)."""
    lenient = r.flag("form")
    if "record" in r.data:
        return Fight.from_record(r.get("record"), lenient=lenient)
    return _fight(r)


def _share_of_a_win(x: Any) -> bool:
    """A share of a win, from 0 to 1 (a trade-off's point)."""
    return not isinstance(x, bool) and isinstance(x, (int, float)) and 0 <= x <= 1


def _not_a_share(r: Reader, key: str, value: Any) -> RecordError:
    return r.error(key, tr("must be a number from {low} to {high}, not {value}", low=0, high=1, value=show(value)))


def _opened(data: Any, labels: dict[str, str], path: str = "") -> Reader:
    """A request's reader (or a part's, at ``path``): its own keys, ``options`` and ``worth``, and the odds options'
    older keys (:func:`_older`)."""
    older = {key: option["legend"] for key, option in _older(data).items()}
    return Reader(data, path, {**labels, "options": "Odds options", "worth": "Worth", **older})


def _older(data: Any) -> dict[str, OddsOption]:
    """The odds options' older keys (each option's ``legacy``), where a request gives a key besides the odds' own:
    only then is every system imported (the page's requests, answered within a short deadline, give none)."""
    own = {"record", "session", "form", "options", "worth", "table", "curve", "ms", "quick", "preview", "judged"}
    return legacy_options() if isinstance(data, dict) and set(data) - own else {}


def _chosen(r: Reader, system: type[System]) -> dict[str, float]:
    """The odds options a request chose for a fight of ``system`` (:func:`pyrules.odds.chosen`): its ``options``,
    checked against the options the system declares (a bad one names its field, ``options.escape``), over the older
    form's (``worth``'s parts, then each option's older key, checked as the option that declares it)."""
    given: dict[str, Any] = {key: option_value(r, key, option) for key, option in _older(r.data).items()
                             if r.get(key, None) is not None}  # fmt: skip
    found = r.get("worth", None)
    given["worth"] = None if found is None else Worth.parts(found, worth_parts())
    found = r.get("options", None)
    given["options"] = None if found is None else system.odds_asked(found)
    return odds.chosen(given, system)


def _odds(data: dict) -> dict:
    """Exact odds from the fight's state, fought to the end (see pyrules.odds.odds).

    Options: ``options`` (the odds options chosen, by the names the system declares: :func:`_chosen`), ``curve`` (a
    list of values of the option that has a trade-off: its points), ``table`` (false: no table of fixed choices),
    ``ms`` (a deadline for the whole request, in milliseconds: past it, "too large"), ``quick`` (true: the odds only
    where their work is small, pyrules.budget.QUICK_WORK, whatever the machine's load: else "too large")."""
    r = _opened(data, {"curve": "Trade-off", "ms": "Time budget", "quick": "Quick odds"})
    fight = _odds_fight(r)
    picked = _chosen(r, fight.system)
    table = r.flag("table", default=True)
    curve = r.items("curve", low=1, high=10, default=None)
    if curve is not None and not all(map(_share_of_a_win, curve)):
        raise _not_a_share(r, "curve", curve)
    ms = r.integer("ms", low=1, high=int(budget.REQUEST_SECONDS * 1000), default=None)
    quick = r.flag("quick", default=False)
    r.done()
    seconds = None if ms is None else ms / 1000
    if quick:
        seconds = min(seconds or budget.QUICK_SECONDS, budget.QUICK_SECONDS)
    try:
        with odds.within(seconds, budget.QUICK_WORK if quick else 1.0):
            return odds.odds(fight, {"options": picked}, table, curve)
    except (budget.TooLarge, RecursionError):
        raise TooLargeRequest("record", too_large_words("odds")) from None


def _review(data: dict) -> dict:
    """A fight's review from its first state to its last (see pyrules.review): the worth before each action, what
    each choice cost against the best, what each random number gave or took, the marks and the summary in words.
    Options: ``options`` (the odds options chosen, :func:`_chosen`: the parts of what the fight's end is worth, where
    the record has none, as the odds panel's advice weighs them). A book without exact odds is reviewed by
    simulation, in parts (see pyrules.review_simulated): ``ms`` is the time this part may take, and
    ``simulated.pending`` says that the page should ask again."""
    r = _opened(data, {"ms": "Time budget"})
    fight = _odds_fight(r)
    picked = _chosen(r, fight.system)
    ms = r.integer("ms", low=1, high=int(budget.REQUEST_SECONDS * 1000), default=None)
    given = r.get("preview", None)  # a link's preview (untrusted), to be compared with this review's
    r.done()
    try:
        if "exact_odds" not in fight.system.capabilities:  # simulated: in a later pack (tools/package.py)
            from .review_simulated import PART, review as simulated  # noqa: I001 (a missing module named)
            answer = simulated(fight, PART if ms is None else ms / 1000)
        else:
            answer = review.review(fight, {"options": picked})
        if given is not None:
            answer["preview"] = preview.compared(given, fight, answer)
        return answer
    except odds.CannotSimulate as exc:
        raise RecordError("record", str(exc)) from None
    except (budget.TooLarge, RecursionError):
        raise TooLargeRequest("record", too_large_words("review")) from None


class TooLargeRequest(RecordError):
    """A request refused as too large (exact odds, or anything past the request's deadline): the reply says
    ``"too_large": true``, and for the odds the page offers the simulation."""


MAX_SIMULATIONS = 8
_simulations: dict[int, odds.MonteCarlo] = {}


def _mc_start(data: dict) -> dict:
    """Start an incremental Monte Carlo of the fight from its state, played under the odds ``options`` chosen (a
    round's spend: :func:`_chosen`); returns its id for ``mc_run``."""
    r = _opened(data, {})
    fight = _odds_fight(r)
    picked = _chosen(r, fight.system)
    r.done()
    try:
        policy = fight.system.simulation_policy(picked)
        simulation = odds.MonteCarlo(fight.system, fight.setup, fight.state, policy)
    except odds.CannotSimulate as exc:
        raise RecordError("record", str(exc)) from None
    key = _next_id[0]
    _next_id[0] += 1
    _simulations[key] = simulation
    while len(_simulations) > MAX_SIMULATIONS:
        del _simulations[min(_simulations)]
    return {"mc": key, **simulation.estimate()}


def _mc_run(data: dict) -> dict:
    """Plays ``n`` more fights, or fewer: it stops once ``ms`` milliseconds have passed, after the fight in progress
    (so a page can step by time and cancel at once, whatever one fight costs), and at the request's deadline."""
    r = Reader(data, "", {"n": "Number of fights", "ms": "Time budget"})
    simulation = _known(r, "mc", _simulations, lambda n: tr("no simulation {n}: start it again", n=n))
    n = r.integer("n", low=1, high=100_000, default=100)
    ms = r.integer("ms", low=1, high=int(budget.REQUEST_SECONDS * 1000), default=None)
    r.done()
    started = time.perf_counter()
    estimate = simulation.run(n, None if ms is None else ms / 1000)
    return {"mc": r.data["mc"], **estimate, "ms": (time.perf_counter() - started) * 1000}


def _benchmark(data: dict) -> dict:
    """One of the odds' benchmark cases (``case``), timed here (see :mod:`pyrules.benchmark`); without one, their
    names. A Monte Carlo case plays ``mc`` fights, or what the request's budget allows."""
    try:
        from . import benchmark
    except ImportError:  # the page's copy of the rules leaves the benchmark out (the bench's copy has it)
        raise RecordError("op", tr("the benchmark is not part of this copy of the rules"), tr("Operation")) from None

    r = Reader(data, "", {"mc": "Number of fights", "case": "Benchmark case"})
    case = r.choice("case", benchmark.CASES, default=None)
    fights = r.integer("mc", low=1, high=100_000, default=1000)
    r.done()
    if case is None:
        return {"cases": list(benchmark.CASES)}
    return {"timings": benchmark.run(case, fights)}


def _words(data: dict) -> dict:
    """The rules' texts in one language, from that language's download (dist/locales/<code>.json): the page's copy of
    the rules holds none, and the page gives them before its first request in that language. A language that has its
    texts keeps them (``kept``): given once, they are not replaced.

    The catalog is data, checked whole before it is kept (:func:`pyrules.i18n.fault`: each text at most
    ``i18n.MAX_TEXT`` characters, only ``{name}`` and ``{name|form|...}`` placeholders, each name at most
    ``i18n.MAX_USES`` times, and only names its English text has): one bad text refuses the whole catalog, naming it
    (``catalog.<its key>``), and the rules go on in English. The catalog is the site's own, built and tested with
    it: a text that fails means the download is not the one built, so none of it is trusted."""
    reader = Reader(data, "", {"language": "Language", "catalog": "Texts"})
    code = reader.choice("language", dict.fromkeys(code for code in i18n.LANGUAGES if code != "en"))
    catalog = reader.get("catalog")
    reader.done()
    if not isinstance(catalog, dict) or not all(isinstance(v, str) for v in catalog.values()):
        raise RecordError("catalog", tr("must be an object of texts"), tr("Texts"))
    bad = i18n.catalog_fault(catalog)
    if bad is not None:
        key, why = bad
        raise RecordError(join("catalog", key_name(key)), why, tr("Texts"))
    if i18n.CATALOGS.get(code):
        return {"texts": len(i18n.CATALOGS[code]), "kept": True}
    return {"texts": i18n.add_catalog(code, catalog), "kept": False}


HANDLERS: dict[str, Any] = {
    "hello": _hello,
    "words": _words,
    "new_hero": _new_hero,
    "start": _start,
    "restore": _restore,
    "check_saves": _check_saves,
    "adventure": _adventure,
    "hero_after": _hero_after,
    "sheet": _sheet,
    "share": _share,
    "share_adventure": _share_adventure,
    "open_link": _open_link,
    "act": _act,
    "undo": _undo,
    "log": _log,
    "replay": _replay,
    "odds": _odds,
    "review": _review,
    "mc_start": _mc_start,
    "mc_run": _mc_run,
    "benchmark": _benchmark,
}
