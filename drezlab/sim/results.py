"""What a tournament produces: one :class:`GameResult` per game, one :class:`Standing`
per player (wins, draws, losses, score rate with its Wilson interval, chips won), and
the :class:`Results` that hold them and print as a table."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["GameResult", "Results", "Standing", "wilson"]


def wilson(successes: float, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval (95 % by default) for a proportion ``successes / trials``.

    Draws may be counted as half a success (a score rate): the usual approximation in
    game statistics. Better than ``p ± 1.96·sqrt(p(1-p)/n)`` near 0 and 1 and for small n."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class GameResult:
    """One finished (or adjudicated) game: ``seats[s]`` is the label of the player in seat
    ``s``, ``scores[s]`` its score (1 win, 0.5 draw, 0 loss; shares in games of more seats)
    and ``payoffs[s]`` the chips it won or paid in games with stakes (else ``None``).
    ``plies`` counts the game's own unit (``Game.plies``) from the start of this game."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    reason: str
    plies: int
    actions: int
    adjudicated: bool
    payoffs: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Standing:
    """One player's record: wins, draws, losses, score rate (draws count half) and its 95 %
    Wilson interval ``low``–``high``; ``payoff``: the chips it won in all (negative = lost)
    in games with stakes, else ``None``."""

    player: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    payoff: float | None = None

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)

    @property
    def low(self) -> float:
        return self.interval[0]

    @property
    def high(self) -> float:
        return self.interval[1]

    @property
    def mean_payoff(self) -> float | None:
        """Chips won per game played (``None`` in games without stakes)."""
        if self.payoff is None:
            return None
        return self.payoff / self.games if self.games else 0.0

    def rates(self) -> tuple[float, float, float]:
        """Win, draw and loss rates."""
        n = self.games or 1
        return self.wins / n, self.draws / n, self.losses / n


def _number(value: float) -> str:
    """A payoff for the table: whole numbers without decimals."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


class Results:
    """What a tournament produced: every game (``games``), the players' standings and the
    wall time. ``results["name"]`` is a player's :class:`Standing`; ``str(results)`` and
    ``results.table()`` are a plain-text table, and notebooks show an HTML table."""

    def __init__(self, players: Sequence[str], games: Sequence[GameResult], seconds: float) -> None:
        self.players = list(players)
        self.games = sorted(games, key=lambda g: g.index)
        self.seconds = seconds

    def standings(self) -> list[Standing]:
        """One :class:`Standing` per player, in the order the players were given."""
        return [self[name] for name in self.players]

    def __getitem__(self, player: str) -> Standing:
        if player not in self.players:
            raise KeyError(f"no player {player!r} in this tournament; players: {', '.join(self.players)}")
        wins = draws = losses = 0
        score = 0.0
        payoff: float | None = None
        for game in self.games:
            for seat, label in enumerate(game.seats):
                if label != player:
                    continue
                points = game.scores[seat]
                score += points
                if points >= 1.0:
                    wins += 1
                elif points <= 0.0:
                    losses += 1
                else:
                    draws += 1
                if game.payoffs is not None:
                    payoff = (payoff or 0) + game.payoffs[seat]
        return Standing(player, wins + draws + losses, wins, draws, losses, score, payoff)

    @property
    def adjudicated(self) -> int:
        """How many games were stopped at ``max_plies`` and adjudicated (``Game.adjudicate``)."""
        return sum(game.adjudicated for game in self.games)

    def reasons(self) -> dict[str, int]:
        """How the games ended: reason -> count, most common first."""
        counts: dict[str, int] = {}
        for game in self.games:
            counts[game.reason] = counts.get(game.reason, 0) + 1
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def rows(self) -> list[list[str]]:
        """The table as text cells: header first. Games with stakes add the chips won
        in all and per game."""
        standings = self.standings()
        stakes = any(s.payoff is not None for s in standings)
        header = ["player", "games", "wins", "draws", "losses", "win %", "draw %", "loss %", "score %", "95 % CI"]
        rows = [header + (["payoff", "per game"] if stakes else [])]
        for s in standings:
            win, draw, loss = s.rates()
            row = [s.player, str(s.games), str(s.wins), str(s.draws), str(s.losses), f"{100 * win:.1f}",
                   f"{100 * draw:.1f}", f"{100 * loss:.1f}", f"{100 * s.rate:.1f}",
                   f"{100 * s.low:.1f}–{100 * s.high:.1f}"]
            if stakes:
                mean = s.mean_payoff
                row += ["", ""] if s.payoff is None or mean is None else [_number(s.payoff), f"{mean:.2f}"]
            rows.append(row)
        return rows

    def footer(self) -> str:
        """'40 games, 3 adjudicated at max_plies'."""
        note = f"{len(self.games)} games"
        if self.adjudicated:
            note += f", {self.adjudicated} adjudicated at max_plies"
        return note

    def table(self) -> str:
        rows = self.rows()
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
                 for row in rows]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines + [self.footer()])

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"<Results: {len(self.games)} games, players {', '.join(self.players)}>"

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th>{html.escape(cell)}</th>" for cell in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows[1:])
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table><p>{html.escape(self.footer())}</p>"
