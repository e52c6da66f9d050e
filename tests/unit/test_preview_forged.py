"""A link's preview is compared whole with what the rules tell, whatever its tag says: every part of it changed
under a remade check (every book, a fight of no action too) is said to differ or, where its chart was judged by
another worth than the friend's, to be judged otherwise; never taken for the rules' own. And a worth of any value
the record or the page allows (a spend's cost takes it below nothing) is carried, never an internal error."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_preview import call, fought, repacked, shared

from pyrules import Fight, preview, share
from pyrules.systems import SYSTEMS

EXACT = [key for key in SYSTEMS if "exact_odds" in SYSTEMS[key].capabilities]


def verdict(code: str) -> str:
    """What the friend's rules say of a link's preview: the story's review for a fight with actions (as the page
    asks it), the opening itself for a fight of none."""
    record, carried = share.decode_shared(code)
    if record["actions"]:
        reply = call(op="review", record=record, preview=carried)
    else:
        reply = call(op="open_link", code=code)
    assert reply["ok"], reply
    return reply["preview"]


HEAD = {  # a change to one of the summary's parts
    "outcome": lambda p: ["won" if p[0] != "won" else "lost", *p[1:]],
    "rounds": lambda p: [p[0], p[1] + 1, *p[2:]],
    "hero": lambda p: [p[0], p[1], "Someone", *p[3:]],
    "enemies": lambda p: [*p[:3], [*p[3], "Ghost"], *p[4:]],
    "sides": lambda p: [*p[:4], [[name, label, value - 1] for name, label, value in p[4]], *p[5:]],
    "a seventh part": lambda p: [*p, 0],
    "not a list": lambda p: dict(enumerate(p)),
}


@pytest.mark.parametrize("key", list(SYSTEMS))
@pytest.mark.parametrize("change", list(HEAD))
def test_any_part_of_any_books_preview_changed_is_said_to_differ(key, change):
    assert verdict(repacked(shared(fought(key)), HEAD[change])) == "differs"


@pytest.mark.parametrize("key", list(SYSTEMS))
def test_a_fight_of_no_action_has_its_preview_checked_on_opening(key):
    """No story is asked for a fight of no action: its opening compares the preview, which has no chart."""
    example = SYSTEMS[key].examples["small"]
    fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": key, **example})
    code = shared(fight)
    assert code.startswith("3.") and len(share.decode_shared(code)[1]) == 5
    assert verdict(code) == "same"
    assert verdict(repacked(code, HEAD["sides"])) == "differs"
    assert verdict(repacked(code, lambda p: [*p, [0, "((", 1]])) == "differs"  # a chart the rules never make


def test_a_chart_added_where_the_rules_make_none_is_said_to_differ():
    fight = fought("citadel-of-blood")
    code = shared(fight)
    assert len(share.decode_shared(code)[1]) == 5  # simulated stories carry no chart
    chart = [0, "(" * (len(fight.actions) + 1), 0]
    assert verdict(repacked(code, lambda p: [*p, chart])) == "differs"


CHART = {  # a change to the chart of a book reviewed exactly, and what the friend's rules must say of it
    "a worth": (lambda c: [c[0], ("(" if c[1][0] != "(" else ")") + c[1][1:], *c[2:]], "differs"),
    "the turning action": (lambda c: [c[0] + 1, *c[1:]], "differs"),
    "marks": (lambda c: [*c[:3], "b" * (len(c[1]) - 1)], "differs"),
    "steps": (lambda c: [*c[:3], "-" * (len(c[1]) - 1), [2] * (len(c[1]) - 1)], "differs"),
    "the measure": (lambda c: [*c[:3], "-" * (len(c[1]) - 1), [1] * (len(c[1]) - 1), "alive"], "differs"),
    "the tag as text": (lambda c: [c[0], c[1], str(c[2]), *c[3:]], "differs"),
    "the tag past 16 bits": (lambda c: [c[0], c[1], c[2] + 0x10000, *c[3:]], "differs"),
    "not a list": (lambda c: {"chart": c}, "differs"),
    "worths and tag together": (lambda c: [c[0], "(" * len(c[1]), (c[2] + 1) & 0xFFFF, *c[3:]], "other"),
    "left out": (lambda c: None, "same"),  # a sharer whose device's budget made none: nothing false shown
}


@pytest.mark.parametrize("key", EXACT)
@pytest.mark.parametrize("change", list(CHART))
def test_a_changed_chart_is_said_to_differ_or_to_be_judged_otherwise_never_the_rules_own(key, change):
    how, said = CHART[change]
    code = shared(fought(key))
    assert len(share.decode_shared(code)[1]) == 6
    changed = repacked(code, lambda p: [*p[:5], *([] if how(p[5]) is None else [how(p[5])])])
    assert verdict(changed) == said


def test_a_links_refusal_names_the_format_the_app_makes():
    reply = call(op="open_link", code="f=x.abc")
    assert not reply["ok"] and "start with 3." in reply["error"]["message"], reply


def read_worths(worths) -> list[float | None]:
    """The chart's worths as web/screens/story.js reads them: a character each, or whole per cents."""
    if isinstance(worths, list):
        return [None if cent is None else cent / 100 for cent in worths]
    codes = [ord(c) - 40 for c in worths]
    return [None if code < 0 else (code - 1 if code > 52 else code) / 100 for code in codes]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(worths=st.lists(st.none() | st.floats(-1000, 1, allow_nan=False), min_size=1, max_size=40))
def test_any_worth_is_written_as_json_and_read_back_to_its_whole_per_cent(worths):
    written = preview.worth_text(worths)
    assert json.loads(json.dumps(written)) == written
    assert read_worths(written) == [None if x is None else round(100 * x) / 100 for x in worths]


PARTS = st.fixed_dictionaries({}, optional={"willpower": st.floats(0, 1), "endurance": st.floats(0, 1),
                                            "escape": st.floats(0, 1)})  # fmt: skip


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(key=st.sampled_from(list(SYSTEMS)), seed=st.integers(0, 50), parts=PARTS, lam=st.floats(0, 1))
def test_a_fight_shared_under_any_worth_carries_its_chart_and_the_friend_finds_it_the_rules_own(key, seed, parts, lam):
    """Whatever the worth the page or the record gives (each part from nothing to a whole win, WILLPOWER's too), a
    share answers and its preview's chart reads back as the friend's rules tell the story."""
    fight = fought(key, seed=seed)
    session = call(op="restore", record=fight.record())["session"]
    reply = call(op="share", session=session, worth=parts, judged={"worth": parts, "lambda": lam}, **{"lambda": lam})
    assert reply["ok"], reply
    record, carried = share.decode_shared(reply["code"])
    review = call(op="review", record=record, preview=carried, worth=parts, **{"lambda": lam})
    assert review["ok"] and review["preview"] == "same", (review.get("preview"), carried)
    if len(carried) == 6:
        rows = review["rows"]
        befores = [row["before"] for row in rows] + [rows[-1]["after"]]
        assert read_worths(carried[5][1]) == [None if x is None else round(100 * x) / 100 for x in befores]


def test_the_probes_grey_star_fight_shares_under_the_largest_trade_off():
    """A long losing fight with WILLPOWER spent, shared with a point kept worth a whole win: its worth falls far
    below nothing, and the link carries it."""
    record = {"format": "pyrules-fight", "version": 1, "system": "grey-star",
              "hero": {"skill": 15, "endurance": 20, "willpower": 20}, "enemies": [{"name": "G", "skill": 15,
              "endurance": 20}], "actions": [{"do": "round", "willpower": 5}]}  # fmt: skip
    session = call(op="start", record=record)["session"]
    reply = call(op="share", session=session, **{"lambda": 1})
    assert reply["ok"], reply
    worths = share.decode_shared(reply["code"])[1][5][1]
    assert isinstance(worths, list) and min(worths) < -40
    plain = call(op="start", record={**record, "worth": {"willpower": 1}})
    assert call(op="share", session=plain["session"])["ok"]
