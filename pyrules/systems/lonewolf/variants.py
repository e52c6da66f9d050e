"""The other books of the Lone Wolf family, as small subclasses of :class:`LoneWolf` that set the book's facts
and override the rules' hooks (as python-chess's variants do): Grey Star's WILLPOWER and Staff, Freeway Warrior's
Close Combat Results Table and weapons."""

from __future__ import annotations

from ...fields import RecordError, show
from ...i18n import tr
from .record import Action, Setup, State, Weapon
from .system import ESCAPE, SPEND, WILLPOWER, LoneWolf
from .tables import FREEWAY_WARRIOR


class GreyStar(LoneWolf):
    """*Grey Star the Wizard*: the same table; WILLPOWER spent through the Staff multiplies the enemy's loss."""

    key = "grey-star"
    book = "Grey Star the Wizard"
    hero_name = "Grey Star"
    note = ""
    has_willpower = True
    has_vigour = False
    worth_parts = ("escape", "willpower")
    odds_options = (ESCAPE, WILLPOWER, SPEND)
    terms = (*LoneWolf.terms, ("willpower", "the magic a wizard can spend: each point spent hurts the enemy more"))
    examples = {
        "small": {"hero": {"skill": 15, "endurance": 10, "willpower": 6}, "enemies": [{"skill": 17, "endurance": 15}]},
        "typical": {"hero": {"skill": 15, "endurance": 25, "willpower": 12},
                    "enemies": [{"name": "Deathgaunt", "skill": 20, "endurance": 30}], "rules": {"evade_after": 1}},
        "large": {"hero": {"skill": 18, "endurance": 35, "willpower": 50}, "enemies": [{"skill": 20, "endurance": 60}]},
    }  # fmt: skip
    weapons = {
        "staff": Weapon("staff", "Wizard's Staff", 0, magic=True),
        "jewelled-dagger": Weapon("jewelled-dagger", "Jewelled Dagger (+1, without the Staff −6)", -5),
        "other": Weapon("other", "Another weapon (without the Staff −6)", -6),
        "none": Weapon("none", "No weapon at all (−8)", -8),
    }
    default_weapon = "staff"
    # "If your WILLPOWER falls to zero or below ... You can still use your Wizard's Staff in combat as a normal
    # weapon, but you must deduct 6 points from your COMBAT SKILL."
    plain_staff = Weapon("staff", "Wizard's Staff, its magic gone (−6)", -6)
    creation = {"skill": 10, "endurance": 20, "willpower": 20}

    @classmethod
    def weapon(cls, setup: Setup, state: State) -> Weapon:
        weapon = super().weapon(setup, state)
        if weapon.magic and (state.willpower or 0) <= 0:
            return cls.plain_staff
        return weapon

    @classmethod
    def weapon_adjustment(cls, setup: Setup, state: State) -> int:
        return cls.weapon(setup, state).adjustment

    @classmethod
    def spend_range(cls, setup: Setup, state: State) -> tuple[int, int] | None:
        if cls.weapon(setup, state).magic and state.willpower is not None:
            return 1, state.willpower
        return None

    @classmethod
    def spend(cls, setup: Setup, state: State, action: Action, path: str) -> int:
        limits = cls.spend_range(setup, state)
        field = f"{path}.willpower"
        label = tr("WILLPOWER to spend")
        if limits is None:
            if action.willpower:
                why = (
                    tr("his WILLPOWER is 0: the Staff's magic is gone until it is above 0 again")
                    if setup.hero.weapon == "staff" and cls.armed(setup, state)
                    else tr("WILLPOWER is spent only through the Wizard's Staff")
                )
                raise RecordError(field, tr("Grey Star cannot spend WILLPOWER now: {why}", why=why), label)
            return 0
        spent = 1 if action.willpower is None else action.willpower
        low, high = limits
        if spent < low:
            raise RecordError(field, tr("must be at least 1: the Staff always takes at least 1 WILLPOWER point"), label)
        if spent > high:
            raise RecordError(
                field, tr("is {n}, more than Grey Star's WILLPOWER ({high})", n=show(spent), high=high), label
            )
        return spent


class FreewayWarrior(LoneWolf):
    """*Freeway Warrior* (Cal Phoenix): close combat on its own Close Combat Results Table."""

    key = "freeway-warrior"
    book = "Freeway Warrior"
    hero_name = "Cal Phoenix"
    note = "(Cal Phoenix)"
    table = FREEWAY_WARRIOR
    skill_label = "CLOSE COMBAT SKILL"
    has_vigour = False
    worth_parts = ("escape",)
    odds_options = (ESCAPE,)
    terms = (("skill", "how well one fights hand to hand"), LoneWolf.terms[1])
    examples = {
        "small": {"hero": {"skill": 14, "endurance": 12}, "enemies": [{"skill": 17, "endurance": 11}]},
        "typical": {"hero": {"skill": 17, "endurance": 28},
                    "enemies": [{"name": "Renegade Clansman", "skill": 16, "endurance": 22}],
                    "rules": {"evade_after": 1}},
    }  # fmt: skip
    # Close combat weapons with their printed bonuses (the Project Aon texts; the reference RULES.md 3.4).
    weapons = {
        key: Weapon(key, name, bonus, bonus_shown=True)
        for key, name, bonus in (
            ("hunting-knife", "Hunting Knife", 2),
            ("machete", "Machete", 3),
            ("meat-cleaver", "Meat Cleaver", 3),
            ("fire-axe", "Fire Axe", 3),
            ("bowie-knife", "Bowie Knife", 3),
            ("flick-knife", "Flick Knife", 2),
            ("knife", "Knife", 2),
            ("dagger", "Dagger", 2),
            ("bread-knife", "Bread Knife", 2),
            ("club", "Club", 2),
            ("crowbar", "Crowbar", 2),
            ("hammer", "Hammer", 2),
            ("meat-hook", "Meat Hook", 2),
            ("baseball-bat", "Baseball Bat", 2),
        )
    }
    weapons["other"] = Weapon("other", "Another weapon (its printed bonus)", 0)
    weapons["none"] = Weapon("none", "No weapon (+0)", 0)
    default_weapon = "hunting-knife"
    other_weapon_bonus = True
