"""A match: several games in a row, the dealer rotating and tribute paid before bidding."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.game import Game
from baohuang.engine.table import downstream
from baohuang.engine.tribute import TributePlan


def derive_seed(seed: int, *path: int) -> int:
    """A child seed from a parent seed and a path (game number, chunk…): stable everywhere."""
    text = ":".join(str(x) for x in (seed, *path)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


@dataclass
class Match:
    """Games of one variant from one seed; the next game's dealer and tribute follow the rules."""

    cv: CompiledVariant
    seed: int
    games: list[Game] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0] * 5)

    @property
    def dissolved(self) -> bool:
        """The table was dissolved after the last game (解散, `automatic.dissolve_if_any`):
        the match is over, no game follows."""
        last = self.games[-1] if self.games else None
        return last is not None and last.outcome is not None and last.outcome.dissolved

    def next_game(self) -> Game:
        """Deal the next game (the previous one must be finished, the table not dissolved)."""
        previous = self.games[-1] if self.games else None
        if previous is not None and not previous.finished:
            raise ValueError("The current game is not finished yet.")
        if self.dissolved:
            raise ValueError("The table was dissolved after the last game: the match is over.")
        dealer = self.cv.variant.deal.first_dealer
        tribute: TributePlan | None = None
        rule = self.cv.variant.deal.next_dealer
        if previous is not None and rule == "next_seat":
            dealer = downstream(previous.dealer)  # every game, scored or not
        if previous is not None and previous.outcome is not None:
            if rule == "first_finisher" and previous.outcome.finish:
                dealer = previous.outcome.finish[0]
            elif rule == "previous_emperor" and previous.emperor >= 0:
                dealer = previous.emperor
            elif rule != "next_seat" and previous.outcome.ended != "play":
                # A forfeit or a void deal has no finish order and no emperor: the same
                # dealer deals again.
                dealer = previous.dealer
            tribute = previous.outcome.tribute
        game = Game.new(self.cv, derive_seed(self.seed, len(self.games)), dealer, tribute)
        self.games.append(game)
        return game

    def record_result(self, game: Game) -> None:
        """Add a finished game's points to the match totals."""
        if game.outcome is not None and game.outcome.score is not None:
            for seat, points in enumerate(game.outcome.score.points):
                self.totals[seat] += points
