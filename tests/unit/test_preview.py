"""A share link's preview (pyrules.preview, share format 3): made by the sharer's rules, carried under the link's
check, the same in every language, compared by the friend's rules with their own story; a link whose preview was
changed (its check made again) is said to differ, a damaged one refused, old links open as before."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from test_adventure_link import braslavsky, call, lone_wolf
from test_share import thirty_round_fight

from pyrules import Fight, RecordError, i18n, preview, share
from pyrules.systems import SYSTEMS


def fought(key: str, example: str = "small", seed: int = 7) -> Fight:
    """A book's example fought to its end (or 60 actions) by its simulation's plain policy."""
    system = SYSTEMS[key]
    fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": key, "seed": seed,
                               **system.examples[example], "actions": []})  # fmt: skip
    policy = system.simulation_policy({"spend": 1})
    while fight.state.outcome == "ongoing" and len(fight.actions) < 60:
        fight.apply(system.action_json(policy(system, fight.setup, fight.state, len(fight.actions))))
    return fight


def shared(fight: Fight) -> str:
    """The link Share makes of the fight (api share, the open fight's session)."""
    session = call(op="restore", record=fight.record())["session"]
    reply = call(op="share", session=session)
    assert reply["ok"], reply
    return reply["code"]


def repacked(code: str, change) -> str:
    """A format 3 link with its pair changed by ``change`` and its check made again: whole, but not as shared."""
    record, carried = share.decode_shared(code)
    return share.encode(record, preview=change(json.loads(json.dumps(carried))))


@pytest.mark.parametrize("key", list(SYSTEMS))
def test_every_books_shared_fight_carries_its_preview_and_its_rules_find_it_their_own(key):
    fight = fought(key)
    code = shared(fight)
    assert code.startswith("3.")
    record, carried = share.decode_shared(code)
    assert record == fight.record() == share.decode(code)
    summary = fight.summary()
    outcome, rounds, hero, enemies, sides = carried[:5]
    assert (outcome, rounds) == (summary["outcome"], summary["rounds"])
    with i18n.language("en"):
        own = fight.system.hero_name  # the book's hero, unnamed: the friend's page names him in its language
        assert hero == ("" if summary["hero"] == own else summary["hero"]) and enemies == summary["enemies"]
        ends = fight.system.sides(fight.setup, fight.state)
        assert sides == [["" if name == own else name, label, value] for name, label, value in ends]
    reviewed = call(op="review", record=record, preview=carried)
    assert reviewed["ok"] and reviewed["preview"] == "same", (key, reviewed.get("preview"))
    opened = call(op="open_link", code=code)
    assert opened["ok"] and opened["record"] == record


def test_a_reviewed_fights_preview_holds_its_story_chart_as_the_rules_compute_it():
    fight = fought("lone-wolf")
    carried = share.decode_shared(shared(fight))[1]
    answer = call(op="review", record=fight.record())
    turning, worths = carried[5][:2]
    assert carried[5][2] == zlib.crc32(json.dumps(answer["worth"], sort_keys=True).encode()) & 0xFFFF
    assert turning == answer["turning"]
    befores = [row["before"] for row in answer["rows"]] + [answer["rows"][-1]["after"]]
    assert worths == preview.worth_text(befores) and len(worths) == len(fight.actions) + 1
    decoded = [(code - 40 - (code > 92)) / 100 for code in map(ord, worths)]  # web/screens/story.js's reading
    assert decoded == [round(100 * x) / 100 for x in befores]


def test_the_preview_is_made_in_english_whatever_the_language_so_every_friend_compares_alike():
    fight = fought("fighting-fantasy")
    made = preview.of_fight(fight)
    for code in ("ru", "es"):
        with i18n.language(code):
            assert preview.of_fight(fight) == made
            assert preview.compared(made, fight, None) == "same"
    assert made[2] == "" and "STAMINA" in {label for _name, label, _value in made[4]}  # "Hero": the page's to say


@pytest.mark.parametrize(
    "change",
    [
        lambda p: [("won" if p[0] != "won" else "lost"), *p[1:]],  # the outcome
        lambda p: [*p[:4], [[name, label, value + 5] for name, label, value in p[4]], *p[5:]],  # the numbers
        lambda p: [*p[:5], [p[5][0], "(" * len(p[5][1]), *p[5][2:]]],  # the chart: 0 % throughout
        lambda p: [*p[:5], [p[5][0], p[5][1], p[5][2], "b" * (len(p[5][1]) - 1)]],  # a blunder every action
        lambda p: {"not": "a preview"},
    ],
    ids=["outcome", "numbers", "chart", "marks", "shape"],
)
def test_a_changed_preview_under_a_remade_check_is_said_to_differ(change):
    fight = fought("lone-wolf")
    code = repacked(shared(fight), change)
    record, carried = share.decode_shared(code)
    reply = call(op="review", record=record, preview=carried)
    assert reply["ok"] and reply["preview"] == "differs"


def test_a_damaged_format_3_link_is_refused_and_old_links_open_as_before():
    fight = fought("lone-wolf")
    code = shared(fight)
    changed = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    reply = call(op="open_link", code=changed)
    assert not reply["ok"] and reply["error"]["field"] == "link"
    for old in (share.encode(fight.record()), v1(fight.record())):
        assert old[:2] in ("1.", "2.")
        opened = call(op="open_link", code=old)
        assert opened["ok"] and opened["record"] == fight.record()
    with pytest.raises(RecordError):  # a pair that is not one
        share.decode(share.encode({"format": "pyrules-fight"}, preview=1)[:2] + pair_of_three())


def v1(record: dict) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return "1." + base64.urlsafe_b64encode(packer.compress(text) + packer.flush()).rstrip(b"=").decode("ascii")


def pair_of_three() -> str:
    """The body of a format 3 code whose JSON is a list of three, its check right."""
    text = b"[{},1,2]"
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush() + zlib.crc32(text).to_bytes(4, "big")
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def test_a_thirty_round_fights_link_is_at_most_a_quarter_longer_with_its_preview():
    fight = thirty_round_fight()
    without, with_ = share.encode(fight.record()), shared(fight)
    assert with_.startswith("3.") and len(with_) <= 1.25 * len(without), (len(without), len(with_))


def test_a_fight_whose_preview_would_take_the_link_past_its_limit_is_shared_without_it(monkeypatch):
    fight = fought("fighting-fantasy")
    with_, without = shared(fight), share.encode(fight.record())
    assert len(without) < len(with_)
    monkeypatch.setattr(share, "MAX_CODE", len(with_) - 1)  # the link with its preview one character too long
    assert shared(fight) == without and without.startswith("2.")


def test_a_shared_adventure_carries_its_overview_and_a_changed_one_is_said_to_differ():
    for document in (lone_wolf(), braslavsky()):
        code = call(op="share_adventure", adventure=document)["code"]
        assert code.startswith("3.")
        opened = call(op="open_link", code=code)
        assert opened["ok"] and opened["preview"] == "same"
        carried = share.decode_shared(code)[1]
        assert [line["left"] for line in carried["fights"]] == [line["left"] for line in opened["overview"]["fights"]]
        more = lambda p: {**p, "fights": [{**line, "left": line["left"] + 1} for line in p["fights"]]}  # noqa: E731
        changed = repacked(code, more)
        assert call(op="open_link", code=changed)["preview"] == "differs"
        plain = share.encode(share.decode(code))
        assert "preview" not in call(op="open_link", code=plain)


def test_a_friend_who_judges_by_another_worth_is_told_so_not_that_the_link_differs():
    """The preview's chart is judged as the sharer's story was (Share's ``judged``); a friend whose page judges by
    another worth (a point of WILLPOWER kept worth more) sees another story, which is no changed link: the rules say
    its chart was judged otherwise (``other``), and the page says that what it shows is its own."""
    fight = fought("grey-star")
    session = call(op="restore", record=fight.record())["session"]
    code = call(op="share", session=session, judged={"lambda": 0.005})["code"]
    record, carried = share.decode_shared(code)
    alike = call(op="review", record=record, preview=carried, **{"lambda": 0.005})
    assert alike["preview"] == "same"
    other = call(op="review", record=record, preview=carried, **{"lambda": 0.03})
    assert other["preview"] == "other"
    assert [row["before"] for row in alike["rows"]] != [row["before"] for row in other["rows"]]  # another story
    refused = call(op="share", session=session, judged={"lambda": 7})
    assert not refused["ok"] and refused["error"]["field"] == "judged.lambda"


def test_a_chosen_worth_the_link_carries_judges_its_preview_as_the_friends_rules_judge_it():
    """The player chose a point of WILLPOWER worth more than the page's default: the record carries it, and the
    preview's chart is judged by it, so the friend's rules (whose page weighs it less) find the chart their own."""
    fight = fought("grey-star")
    session = call(op="restore", record=fight.record())["session"]
    code = call(op="share", session=session, **{"lambda": 0.03}, judged={"lambda": 0.03})["code"]
    record, carried = share.decode_shared(code)
    assert record["worth"]["willpower"] == 0.03
    friend = call(op="review", record=record, preview=carried, **{"lambda": 0.005})
    assert friend["preview"] == "same"
    befores = [row["before"] for row in friend["rows"]] + [friend["rows"][-1]["after"]]
    assert carried[5][1] == preview.worth_text(befores)  # the very chart the friend's rules drew
