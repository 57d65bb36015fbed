"""The leaderboard of a project comparing several models, from the battles its rows hold.

Each row of such a project holds one battle per pair of models (``run.battles``): the
pair's verdict on the 1–5 pairwise scale, A being the pair's first model. A verdict for A
is a win of A, for B a win of B, 3 a tie; a strong one (1 or 5, A>>B) counts three
battles, as Arena-Hard weighs it. The scores are :func:`~.leaderboard.build_leaderboard`'s
(Bradley–Terry on the Elo scale, the baseline at 1000, a seeded bootstrap), for every row
and for each category. A battle whose model gave no answer on the row is left out and
counted; so is a battle the judge gave no verdict on. A model in no judged battle is
listed without a score, saying why.

Two leanings of the judge are given per model, from its battles: how often the answer
shown first won, of the verdicts given in each order (0.5 when position does not sway
the judge), and how often the longer answer won (0.5 when length does not).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import TIE, direction, first_shown_won
from judgedesk.core.messages import Translate, as_is, render, say
from judgedesk.core.project import Project
from judgedesk.core.report.groups import NO_VALUE
from judgedesk.core.report.leaderboard import (
    Battle,
    Leaderboard,
    ModelScore,
    Outcome,
    build_leaderboard,
)
from judgedesk.core.run import ResultRecord

STRONG = 2
"""How far from a tie (3) a strong verdict is on the 1–5 scale."""


@dataclass
class Leaning:
    """How often something won, of the decisive verdicts counted (see module docstring)."""

    won: int = 0
    of: int = 0

    @property
    def share(self) -> float | None:
        return self.won / self.of if self.of else None

    def add(self, won: bool) -> None:
        self.won += won
        self.of += 1


@dataclass
class ArenaFigures:
    """The leaderboard of several models, overall and per category.

    Attributes:
        overall: the leaderboard of every row's battles.
        pairs: how the models were paired ("baseline" or "all").
        rows: rows holding at least one judged battle.
        no_answer: battles left out because a model gave no answer on the row.
        not_judged: battles the judge gave no verdict on (failed or unreadable).
        categories: the leaderboard of each category's rows, by category.
        first_won: per model, how often the answer shown first won in its battles.
        longer_won: per model, how often the longer answer won its battles.
    """

    overall: Leaderboard
    pairs: str
    rows: int = 0
    no_answer: int = 0
    not_judged: int = 0
    categories: dict[str, Leaderboard] = field(default_factory=dict)
    first_won: dict[str, Leaning] = field(default_factory=dict)
    longer_won: dict[str, Leaning] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The leaderboard as ``judgedesk report --json`` writes it."""
        return {
            **_board(self.overall, self.first_won, self.longer_won),
            "pairs": self.pairs,
            "rows": self.rows,
            "left_out": {"no_answer": self.no_answer, "not_judged": self.not_judged},
            "categories": [
                {"category": name, **_board(board)} for name, board in self.categories.items()
            ],
        }


def _board(
    board: Leaderboard,
    first_won: Mapping[str, Leaning] | None = None,
    longer_won: Mapping[str, Leaning] | None = None,
) -> dict[str, Any]:
    def model(score: ModelScore) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "model": score.model,
            "score": score.score,
            "ci_low": score.low,
            "ci_high": score.high,
            "win_rate": score.win_rate,
            "win_rate_low": score.win_low,
            "win_rate_high": score.win_high,
            "battles": score.battles,
            "reason": score.reason,
        }
        if first_won is not None and longer_won is not None:
            shown["first_shown_won"] = first_won.get(score.model, Leaning()).share
            shown["longer_won"] = longer_won.get(score.model, Leaning()).share
        return shown

    return {
        "baseline": board.baseline,
        "rounds": board.rounds,
        "seed": board.seed,
        "warning": board.warning,
        "models": [model(s) for s in board.standings],
        "battles": [
            {"a": p.a, "b": p.b, "a_wins": p.a_wins, "b_wins": p.b_wins, "ties": p.ties}
            for p in board.pairs
        ],
    }


def battle_of(a: str, b: str, value: Any) -> Battle | None:
    """A pair's verdict as a battle, or None when it is not on the pairwise scale."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    way = direction(value)
    outcome: Outcome = "a" if way < 0 else "b" if way > 0 else "tie"
    return Battle(a, b, outcome, abs(value - TIE) >= STRONG)


def arena_figures(
    project: Project,
    results: Iterable[ResultRecord],
    *,
    category: Callable[[int], str] | None = None,
    seed: int = 0,
) -> ArenaFigures:
    """The leaderboard of the battles ``results`` hold (see the module docstring).

    Args:
        project: the project (its models, baseline and pairing).
        results: each row's result.
        category: a row index's category, to give a leaderboard per category.
        seed: the bootstrap's seed.
    """
    arena = project.arena
    models = arena.models()
    baseline = arena.baseline or None
    battles: list[Battle] = []
    by_category: dict[str, list[Battle]] = {}
    figures = ArenaFigures(build_leaderboard((), models), arena.pairs)
    unjudged: dict[str, int] = dict.fromkeys(models, 0)
    silent: dict[str, int] = dict.fromkeys(models, 0)
    for result in results:
        found = 0
        for held in result.detail.get("battles", ()):
            a, b = str(held.get("a")), str(held.get("b"))
            status = held.get("status")
            battle = battle_of(a, b, held.get("value")) if status == "ok" else None
            if battle is None:
                if status == "no answer":
                    figures.no_answer += 1
                    for name in (a, b):
                        silent[name] = silent.get(name, 0) + 1
                else:
                    figures.not_judged += 1
                    for name in (a, b):
                        unjudged[name] = unjudged.get(name, 0) + 1
                continue
            found += 1
            battles.append(battle)
            if category is not None:
                by_category.setdefault(category(result.row_index), []).append(battle)
            _lean(figures, battle, held)
        figures.rows += bool(found)
    figures.overall = _explained(
        build_leaderboard(battles, models, baseline=baseline, seed=seed), silent, unjudged
    )
    figures.categories = {
        name: build_leaderboard(found, models, baseline=baseline, seed=seed)
        for name, found in sorted(by_category.items())
    }
    return figures


def _lean(figures: ArenaFigures, battle: Battle, held: Mapping[str, Any]) -> None:
    """Count the battle's verdicts by position and by length (see module docstring)."""
    orders = held.get("orders")
    if isinstance(orders, list) and len(orders) == 2:
        for value in orders:  # as the judge gave it: about the answers in the order shown
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            won = first_shown_won(value)
            if won is None:
                continue
            for name in (battle.a, battle.b):
                figures.first_won.setdefault(name, Leaning()).add(won)
    lengths = held.get("lengths")
    if not (isinstance(lengths, list) and len(lengths) == 2) or battle.outcome == "tie":
        return
    if lengths[0] != lengths[1]:
        longer = "a" if lengths[0] > lengths[1] else "b"
        for name in (battle.a, battle.b):
            figures.longer_won.setdefault(name, Leaning()).add(battle.outcome == longer)


def _explained(
    board: Leaderboard, silent: Mapping[str, int], unjudged: Mapping[str, int]
) -> Leaderboard:
    """The leaderboard with each unscored model's reason saying what kept it out."""
    standings = []
    for score in board.standings:
        if score.score is None:
            why = say(
                "report.arena.no_score",
                "No score: none of its battles was judged ({silent} left out for a missing "
                "answer, {unjudged} without a verdict). Give its answers, or run the project "
                "again.",
                silent=silent.get(score.model, 0),
                unjudged=unjudged.get(score.model, 0),
            )
            score = replace(score, reason=why)
        standings.append(score)
    return replace(board, standings=tuple(standings))


def category_of(
    dataset: Dataset | None, read: Callable[[Mapping[str, Any]], str] | None
) -> Callable[[int], str] | None:
    """What gives a row index's category, reading the dataset (None without one)."""
    if dataset is None or read is None:
        return None
    reader = read

    def category(index: int) -> str:
        try:
            return reader(dataset.row(index).record)
        except JudgeDeskError:  # a row that cannot be read has no category
            return NO_VALUE

    return category


LEADERBOARD_HEADS = (
    "Rank",
    "Model",
    "Score",
    "95% CI low",
    "95% CI high",
    "Win rate vs baseline",
    "Win rate low",
    "Win rate high",
    "Battles",
    "Answer shown first won",
    "Longer answer won",
    "Note",
)
"""The columns of :func:`leaderboard_table`."""


def leaderboard_table(
    figures: ArenaFigures, category: str | None = None, tr: Translate = as_is
) -> list[list[Any]]:
    """The leaderboard's rows (:data:`LEADERBOARD_HEADS`), overall or of one category;
    rounded as an export shows them, its notes in the reader's words (``tr``)."""
    board = figures.overall if category is None else figures.categories[category]
    rows: list[list[Any]] = []
    for rank, score in enumerate(board.standings, 1):
        first = figures.first_won.get(score.model) if category is None else None
        longer = figures.longer_won.get(score.model) if category is None else None
        rows.append(
            [
                rank if score.score is not None else None,
                score.model,
                *(_rounded(v, 1) for v in (score.score, score.low, score.high)),
                *(_rounded(v, 3) for v in (score.win_rate, score.win_low, score.win_high)),
                score.battles,
                _rounded(first.share if first else None, 3),
                _rounded(longer.share if longer else None, 3),
                _model_note(score, board, tr),
            ]
        )
    return rows


def _model_note(score: ModelScore, board: Leaderboard, tr: Translate) -> str:
    """Why a model has no score, or that it is the baseline."""
    if score.reason:
        return render(score.reason, tr)
    if score.model == board.baseline:
        return render(say("report.arena.baseline", "baseline"), tr)
    return ""


def leaderboard_note(figures: ArenaFigures) -> str:
    """What the leaderboard rests on, in a sentence or two."""
    board = figures.overall
    if board.baseline:
        anchor = say("report.arena.anchor_baseline", "{baseline} is 1000", baseline=board.baseline)
    else:
        anchor = say("report.arena.anchor_mean", "the scores' mean is 1000")
    if figures.pairs == "baseline":
        pairing = say("report.arena.pairing_baseline", "each model against the baseline")
    else:
        pairing = say("report.arena.pairing_all", "every pair")
    note = say(
        "report.arena.note",
        "Bradley–Terry scores on the Elo scale ({anchor}; 400 points a factor of 10 in the "
        "odds) from {rows} rows judged on {pairing}, with 95 % intervals from a bootstrap of "
        "{rounds} rounds (seed {seed}).",
        anchor=anchor,
        rows=figures.rows,
        pairing=pairing,
        rounds=board.rounds,
        seed=board.seed,
    )
    if figures.no_answer or figures.not_judged:
        note = say(
            "report.arena.note_left_out",
            "{note} Left out: {no_answer} battles where a model gave no answer, {not_judged} "
            "without a verdict.",
            note=note,
            no_answer=figures.no_answer,
            not_judged=figures.not_judged,
        )
    if board.warning:
        return say(
            "report.arena.note_warning", "{note} {warning}", note=note, warning=board.warning
        )
    return note


def _rounded(value: float | None, places: int) -> float | None:
    return None if value is None else round(value, places)


def leaderboard_lines(figures: ArenaFigures, tr: Translate = as_is) -> list[str]:
    """The leaderboard as the text of ``judgedesk report``, in the reader's words (``tr``:
    the core's English templates → the reader's language)."""
    heading = render(say("report.html.leaderboard", "Leaderboard"), tr)
    lines = [heading, "  " + render(leaderboard_note(figures), tr)]
    for rank, model, score, low, high, win, *_, battles, _, _, note in leaderboard_table(
        figures, tr=tr
    ):
        if score is None:
            lines.append(f"      {model}: {note}")
            continue
        shown = f"  {rank:>2}. {model}: {score:.0f}"
        if low is not None and high is not None:
            shown += f" [{low:.0f}, {high:.0f}]"
        if win is not None and model != figures.overall.baseline:
            said = say(
                "report.arena.wins_baseline",
                ", wins {share} against the baseline",
                share=f"{win:.0%}",
            )
            shown += render(said, tr)
        if battles == 1:
            count = say("report.arena.battle_one", "(1 battle)")
        else:
            count = say("report.arena.battles", "({battles} battles)", battles=battles)
        lines.append(f"{shown} {render(count, tr)}")
    return lines
