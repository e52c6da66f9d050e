"""What one exact computation may do, and the largest spend table computed."""

# Each budget is in its own unit of work (pyrules.budget.Budget). Calibrated on CPython with
# ``python3 tests/bench_odds.py --limits`` (docs/benchmark.md, "Largest fight each exact solver accepts") so that the
# largest accepted computation of each kind took about a second there (2-3 s in Pyodide) and the benchmark cases stay
# far inside; anything larger is refused from an estimate before the work starts. Since layers are pushed whole
# the Lone Wolf ones take a quarter to a third of that: the budgets are kept, so the same fights are accepted.
ODDS_CELLS = 800_000  # lone_wolf_odds, and a spend table in all: cells (ENDURANCE x enemy's ENDURANCE) pushed
POLICY_CELLS = 3_000_000  # grey_star_policy: (cell, spend) pairs weighed, and the cells of its forward evaluation

MAX_SPEND_TABLE = 100  # the fixed-spend table is computed up to this much WILLPOWER
MAX_USES = 4  # the items the odds weigh using now, each an exact computation of its own (the others: too large)
