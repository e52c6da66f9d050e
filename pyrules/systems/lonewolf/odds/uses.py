"""What using each item of the Action Chart usable now changes in a Lone Wolf-family fight's odds (the odds reply's
``uses``). In the rules' second pack (tools/package.py) with the chart's rules: the reply imports it only where the
hero has a chart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....budget import TooLarge
from ....contract import advice
from ....i18n import tr
from ..record import Action
from . import budgets
from .forward import lone_wolf_odds

if TYPE_CHECKING:
    from ..record import Setup, State
    from ..rules import Engine


def uses(system: type[Engine], setup: Setup, state: State, spend: int, win: float) -> list[dict[str, Any]]:
    """What using each item that may be used now changes: the chance to win now and after using it now, fought to the
    end as the rest of the reply (Grey Star spending ``spend`` a round), each an exact computation of its own; in
    words as an advice item is (its chances written by the panel as its other numbers). The first
    ``budgets.MAX_USES`` items are weighed; the others, and any past the budget, are said to be too large."""
    found = []
    for i, item in enumerate(system.usable_now(setup, state)):
        after: float | None = None
        if i < budgets.MAX_USES:
            try:
                used = system.step(setup, state, Action("use", item=item.name))[0]
                after = lone_wolf_odds(system, setup, used, spend)["win"]
            except TooLarge:
                pass
        said = (advice(tr("Use {item} now: too large to compute exactly", item=item.name)) if after is None
                else advice(tr("Use {item} now: win {now} → {after}", item=item.name, now="{now}", after="{after}"),
                            now=win, after=after))  # fmt: skip
        found.append({"item": item.name, "win_now": win, "win_after": after, **said})
    return found
