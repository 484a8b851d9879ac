"""Observations: what one seat may know, as an immutable value.

``game.view(seat)`` returns an :class:`Observation`, built from the game's zones
and the public part of its state. It is not a game: it cannot be played, holds
no chance source, seed or hidden history, and shares no mutable object with the
game (its data are frozen copies: tuples, read-only mappings, plain scalars).
Pictures are drawn from observations only (``observation.svg()``), so a picture
cannot show what its seat may not see.

``to_json()`` writes it as plain JSON (to keep what a seat saw). Observations are
deliberately *not* loadable as games: a seat's knowledge is not a position.
"""

from __future__ import annotations

import json
import math
from types import MappingProxyType
from typing import Any, Mapping

from drezlab.core.action import Outcome
from drezlab.core.i18n import get_language
from drezlab.core.mime import svg_bundle
from drezlab.core.zones import ZoneView


def freeze(value: Any) -> Any:
    """A deep, immutable copy of plain data (dicts become read-only mappings,
    lists tuples); anything but plain data is refused."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("an observation holds finite numbers only")
        return value
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    if isinstance(value, (dict, MappingProxyType)):
        return MappingProxyType({str(key): freeze(item) for key, item in value.items()})
    if isinstance(value, ZoneView):
        return value
    raise TypeError(f"an observation holds plain data only, not {type(value).__name__}")


def thaw(value: Any) -> Any:
    """Plain JSON-ready data from frozen data."""
    if isinstance(value, (tuple, list)):
        return [thaw(item) for item in value]
    if isinstance(value, (MappingProxyType, dict)):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, ZoneView):
        return value.to_dict()
    return value


class Observation:
    """What ``seat`` (``None`` = a spectator) may know of a game now.

    ``game``: the registry name; ``players``; ``to_move``; ``outcome``;
    ``status``: the line the picture shows; ``zones``: name -> :class:`ZoneView`;
    ``public``: the game's public state (board, die, bets, ...), frozen;
    ``last``: the public description of the last action, if any.
    """

    __slots__ = ("game", "seat", "players", "to_move", "outcome", "status", "zones", "public", "last")
    game: str
    seat: int | None
    players: int
    to_move: int | None
    outcome: Outcome | None
    status: str
    zones: Mapping[str, ZoneView]
    public: Mapping[str, Any]
    last: str | None

    def __init__(self, game: str, seat: int | None, players: int, to_move: int | None,
                 outcome: Outcome | None, status: str, zones: Mapping[str, ZoneView] | None = None,
                 public: Mapping[str, Any] | None = None, last: str | None = None) -> None:
        set_ = object.__setattr__
        set_(self, "game", game)
        set_(self, "seat", seat)
        set_(self, "players", players)
        set_(self, "to_move", to_move)
        set_(self, "outcome", outcome)
        set_(self, "status", status)
        set_(self, "zones", MappingProxyType(dict(zones or {})))
        set_(self, "public", freeze(dict(public or {})))
        set_(self, "last", last)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an observation cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("an observation cannot be changed")

    def zone(self, name: str) -> ZoneView:
        return self.zones[name]

    def ids(self, name: str) -> tuple[str, ...]:
        """The ids of a zone as this seat sees them."""
        return self.zones[name].ids

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "kind": "view", "seat": self.seat, "players": self.players,
                "to_move": self.to_move,
                "outcome": None if self.outcome is None else self.outcome.to_dict(),
                "status": self.status, "last": self.last,
                "zones": {name: zone.to_dict() for name, zone in self.zones.items()},
                "public": thaw(self.public)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> "Observation":
        """An observation again from :meth:`to_dict` (what the class server sends a seat),
        so a remote seat draws and reads it like a local one. Still not a game: it holds
        exactly what the seat was sent. Malformed data raises ``BadRecord``."""
        from drezlab.core.errors import BadRecord
        try:
            if not isinstance(data, dict) or data.get("kind") != "view":
                raise ValueError("not a seat's view")
            zones = {str(name): ZoneView(str(name), zone["owner"], str(zone["visibility"]), int(zone["count"]),
                                         tuple(str(item) for item in zone["ids"]))
                     for name, zone in dict(data["zones"]).items()}
            outcome = None if data["outcome"] is None else Outcome.from_dict(data["outcome"])
            return cls(str(data["game"]), data["seat"], int(data["players"]), data["to_move"], outcome,
                       str(data["status"]), zones, dict(data["public"]), data["last"])
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise BadRecord(f"this is not a seat's view of a game ({type(error).__name__}: {error})") from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Observation) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def svg(self, **options: Any) -> str:
        """The picture of this observation (the game's picture function, from its metadata)."""
        from drezlab.core.registry import spec_of
        return spec_of(self.game).draw(self, **options)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """The picture (``svg()``: this seat's knowledge only) as ``image/svg+xml`` and as an
        ``<img>`` in ``text/html``, which a notebook opened before "Run all" still shows."""
        from drezlab.core.registry import spec_of
        try:
            title = spec_of(self.game).title_in(get_language())
        except ValueError:
            title = self.game
        return svg_bundle(self.svg(), title)

    def __repr__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"<Observation of {self.game} for {who}: {self.status}>"
