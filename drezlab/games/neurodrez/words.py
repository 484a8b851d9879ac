"""NeuroDrez's words: the Spanish catalogue, the names of colours, surfaces and pieces, the
move log's sentences and the explanations of illegal input (the rules are in
:mod:`drezlab.games.neurodrez.game`).

An action is said as what happened on the table: "Player 1 (white, red, green) placed a
green fire tile on e2" / "Jugador 1 (blanco, rojo, verde) colocó una loseta verde de fuego
en e2", "... moved the white queen from d3 to d4 with the Blue Queen card" -- never its
notation (``gfi e2``, ``wq d4 q5b``: one click away in "Copy the moves"); a card is named as
its deck prints it (:func:`drezlab.core.words.card_words`).
"""

from __future__ import annotations

from typing import Any

from drezlab.core.i18n import OwnWords, add_translations, get_language, t
from drezlab.core.words import card_words
from drezlab.games.neurodrez.actions import (
    CallSudden,
    EndTurn,
    MovePiece,
    Phase,
    PlaceTile,
    RemovePiece,
    ReplaceCards,
    Roll,
    TakeTile,
)
from drezlab.games.neurodrez.meta import cards_zone, tiles_zone
from drezlab.games.neurodrez.tiles import (
    ALL_PIECES,
    CELLS,
    COLOUR_NAMES,
    FIGURE_NAMES,
    SURFACE_NAMES,
    TILES_BY_ID,
)

PREFIX = "neurodrez: "

#: how a game ends (``outcome.reason``): a side dominates (D39), the group holds its surfaces
#: (D42), the turn cap (D39, D42), and D43's ends when the removed tiles leave too few surfaces
SIDE_WON, GROUP_WON = "a surface dominated", "every side holds its own surface"
TURN_CAP = "turn cap reached"
TOO_FEW_SURFACES, NO_SURFACE_LEFT = "fewer surfaces left than sides", "no surface left"
_REASONS = {
    TURN_CAP: "límite de turnos alcanzado",
    SIDE_WON: "domina una superficie",
    GROUP_WON: "cada bando domina su propia superficie",
    TOO_FEW_SURFACES: "quedan menos superficies que bandos",
    NO_SURFACE_LEFT: "no queda ninguna superficie",
}

_SPANISH = {
    "Roll the three dice": "Tirar los tres dados",
    "Call sudden death": "Pedir muerte súbita",
    "End the turn": "Terminar el turno",
    "Replace both cards (no move)": "Cambiar las dos cartas (sin jugada)",
    "Remove {piece} (no move)": "Retirar {piece} (sin jugada)",
    **_REASONS,
    "{text}: actions are written in lower case, like {lower}":
        "{text}: las acciones se escriben en minúsculas, como {lower}",
    "{who}: roll the dice": "{who}: tira los dados",
    "{who}: place a tile": "{who}: coloca una loseta",
    "{who}: place the left-over tiles": "{who}: coloca las losetas sobrantes",
    "{who}: remove a tile (sudden death)": "{who}: retira una loseta (muerte súbita)",
    "{who}: enter or move a piece": "{who}: entra o mueve una pieza",
    "{who}: call sudden death or end the turn": "{who}: pide muerte súbita o termina el turno",
    "sudden death": "muerte súbita",
    "turn": "turno",
    "{text} is no action: write 'roll', a tile and a cell ('rwa d5'), a piece and a cell ('wq d4', with a card "
    "'wq d4 q5b'), 'take c1', 'remove wq', 'replace', 'sudden' or 'end'":
        "{text} no es una acción: escribe 'roll', una loseta y una casilla ('rwa d5'), una pieza y una casilla "
        "('wq d4', con carta 'wq d4 q5b'), 'take c1', 'remove wq', 'replace', 'sudden' o 'end'",
    "first roll the three dice: write 'roll'": "primero tira los tres dados: escribe 'roll'",
    "now a tile is placed from the hand beside the terrain (step 3), e.g. {example}":
        "ahora se coloca una loseta de la mano junto al terreno (paso 3), p. ej. {example}",
    "sudden death: first remove a tile with a free side and no piece (step 3), e.g. {example}":
        "muerte súbita: primero retira una loseta con un lado libre y sin pieza (paso 3), p. ej. {example}",
    "now one piece is entered or moved (step 4), e.g. {example}":
        "ahora se entra o mueve una pieza (paso 4), p. ej. {example}",
    "no piece can be entered or moved: remove one of yours, e.g. {example}":
        "ninguna pieza se puede entrar ni mover: retira una de las tuyas, p. ej. {example}",
    "the turn is at its last step: write 'sudden' or 'end'": "el turno está en su último paso: escribe 'sudden' o 'end'",
    "the two left-over tiles are placed first (D34), e.g. {example}":
        "primero se colocan las dos losetas sobrantes (D34), p. ej. {example}",
    "{tile} is not in your hand of tiles": "{tile} no está en tu mano de losetas",
    "{cell} is not an empty cell beside the terrain": "{cell} no es una casilla vacía junto al terreno",
    "{cell} cannot be removed: it must hold no piece, have a side on the outside and leave the terrain in one "
    "piece (§9.9)": "{cell} no se puede retirar: no debe tener pieza, debe tener un lado al exterior y el terreno "
                   "debe seguir unido (§9.9)",
    "{piece} is not one of your pieces": "{piece} no es una de tus piezas",
    "the king moved in your last piece action: never twice in a row (§9.6)":
        "el rey se movió en tu última acción de pieza: nunca dos veces seguidas (§9.6)",
    "you do not hold the card {card}": "no tienes la carta {card}",
    "neither the die nor that card selects {piece}": "ni el dado ni esa carta seleccionan {piece}",
    "{piece} cannot go to {cell} with these dice": "{piece} no puede ir a {cell} con estos dados",
    "your side has reached its limit of pieces on the terrain": "tu bando ha llegado a su límite de piezas en el terreno",
    "your side has a king on the terrain already": "tu bando ya tiene un rey en el terreno",
    "early sudden death can be called only from 18 tiles on the terrain while tiles are unplaced":
        "la muerte súbita anticipada solo se puede pedir desde 18 losetas en el terreno mientras queden losetas "
        "por colocar",
    "the game is over ({reason}), so {text} cannot be played":
        "la partida ha terminado ({reason}), así que {text} no se puede jugar",
    "supply": "reserva",
    "Hand": "Mano",
    "players": "jugadores",
    "cooperative": "cooperativo",
    "solo": "solitario",
    # the move log, in words
    "{who} rolled the three dice": "{who} tiró los tres dados",
    "{who} placed a {tile} tile on {cell}": "{who} colocó una loseta {tile} en {cell}",
    "{who} removed the {tile} tile from {cell} (sudden death)":
        "{who} retiró la loseta {tile} de {cell} (muerte súbita)",
    "{who} brought {piece} onto the terrain at {cell}": "{who} hizo entrar {piece} al terreno en {cell}",
    "{who} moved {piece} from {frm} to {cell}": "{who} movió {piece} de {frm} a {cell}",
    "{move} with {card}": "{move} con {card}",
    "{move} and captured {piece}": "{move} y capturó {piece}",
    "{who} put {piece} back in the supply (no move)": "{who} devolvió {piece} a la reserva (sin jugada)",
    "{who} replaced both cards (no move)": "{who} cambió las dos cartas (sin jugada)",
    "{who} called sudden death": "{who} pidió muerte súbita",
    "{who} ended the turn": "{who} terminó el turno",
}
#: the core's status line translates the end reasons unprefixed
add_translations(_REASONS)


#: ``tr(text)``: NeuroDrez's own labels in the current language (registered under
#: :data:`PREFIX`; see :class:`~drezlab.core.i18n.OwnWords`)
tr = OwnWords(PREFIX)
tr.add(_SPANISH)


def tile_words(tile: str, language: str | None = None) -> str:
    """A tile's colour and surface as the words before or after "tile": "green fire" /
    "verde de fuego" (Spanish: the colour agrees with "loseta")."""
    language = language or get_language()
    colour = colour_name(tile[0], language)
    surface = surface_name(tile[1:], language)
    if language == "es":
        if colour.endswith("o"):
            colour = colour[:-1] + "a"
        return f"{colour} de {surface}"
    return f"{colour} {surface}"


def the_piece(piece: str, language: str | None = None) -> str:
    """'the white queen' / 'la dama blanca'."""
    language = language or get_language()
    name = piece_name(piece, language)
    if language == "es":
        return ("la " if piece[1] in ("q", "r") else "el ") + name
    return "the " + name


def action_words(game: Any, action: Any) -> str:
    """A NeuroDrez action (parsed, not yet played) as a sentence for the move log."""
    who = game.seat_name(game.to_move)
    match action.data:
        case Roll():
            return tr("{who} rolled the three dice").format(who=who)
        case PlaceTile(tile=tile, cell=cell):
            return tr("{who} placed a {tile} tile on {cell}").format(who=who, tile=tile_words(tile), cell=cell)
        case TakeTile(cell=cell):
            return tr("{who} removed the {tile} tile from {cell} (sudden death)").format(
                who=who, tile=tile_words(game.board[cell]), cell=cell)
        case MovePiece(piece=piece, cell=cell, card=card_id):
            return _move_words(game, who, piece, cell, card_id)
        case RemovePiece(piece=piece):
            return tr("{who} put {piece} back in the supply (no move)").format(who=who, piece=the_piece(piece))
        case ReplaceCards():
            return tr("{who} replaced both cards (no move)").format(who=who)
        case CallSudden():
            return tr("{who} called sudden death").format(who=who)
        case EndTurn():
            return tr("{who} ended the turn").format(who=who)
    return f"{who}: {action.label}"


def _move_words(game: Any, who: str, piece: str, cell: str, card_id: str | None) -> str:
    """"Player 1 (...) moved the white queen from d3 to d4 with the Blue Queen card and
    captured the black knight", or "... brought the white queen onto the terrain at d4"."""
    frm = game.pieces.get(piece)
    if frm is None:
        line = tr("{who} brought {piece} onto the terrain at {cell}").format(who=who, piece=the_piece(piece),
                                                                              cell=cell)
    else:
        line = tr("{who} moved {piece} from {frm} to {cell}").format(who=who, piece=the_piece(piece), frm=frm,
                                                                      cell=cell)
    if card_id:
        card = game._card_by_id.get(card_id)
        if card is not None:
            line = tr("{move} with {card}").format(move=line, card=card_words(card))
    victim = game.piece_at().get(cell)
    if victim is not None and victim != piece:
        line = tr("{move} and captured {piece}").format(move=line, piece=the_piece(victim))
    return line


def colour_name(colour: str, language: str = "en") -> str:
    """'white' / 'blanco'."""
    return COLOUR_NAMES[colour][language == "es"]


def surface_name(surface: str, language: str = "en") -> str:
    """'water' / 'agua'."""
    return SURFACE_NAMES[surface][language == "es"]


def piece_name(piece: str, language: str | None = None) -> str:
    """'white queen' / 'dama blanca' (Spanish: figure first, colour agreeing with it)."""
    language = language or get_language()
    figure = FIGURE_NAMES[piece[1]][language == "es"]
    colour = colour_name(piece[0], language)
    if language == "es":
        feminine = piece[1] in ("q", "r")
        if feminine and colour.endswith("o"):
            colour = colour[:-1] + "a"
        return f"{figure} {colour}"
    return f"{colour} {figure}"


def explain_illegal(game: Any, text: str) -> str:
    """Why ``text`` cannot be played now in ``game``, in words a pupil can act on."""
    quoted = repr(text)
    if game._outcome is not None:
        return tr("the game is over ({reason}), so {text} cannot be played").format(
            reason=t(game._outcome.reason), text=quoted)
    lower = text.lower()
    if lower != text and lower in game._legal_by_text():
        return tr("{text}: actions are written in lower case, like {lower}").format(text=quoted, lower=repr(lower))
    words = text.split()
    example = next((action.text for action in game._legal()), "")
    shaped = (text in ("roll", "replace", "sudden", "end")
              or (len(words) == 2 and words[0] in TILES_BY_ID and words[1] in CELLS)
              or (len(words) == 2 and words[0] == "take" and words[1] in CELLS)
              or (len(words) == 2 and words[0] == "remove" and words[1] in ALL_PIECES)
              or (len(words) in (2, 3) and words[0] in ALL_PIECES and words[1] in CELLS))
    if not shaped:
        return tr("{text} is no action: write 'roll', a tile and a cell ('rwa d5'), a piece and a cell ('wq d4', "
                  "with a card 'wq d4 q5b'), 'take c1', 'remove wq', 'replace', 'sudden' or 'end'").format(
            text=quoted)
    phase = game.phase
    if phase == Phase.ROLL:
        return tr("first roll the three dice: write 'roll'")
    if phase == Phase.LEFTOVER:
        return tr("the two left-over tiles are placed first (D34), e.g. {example}").format(example=repr(example))
    if phase == Phase.CALL:
        if text == "sudden":
            return tr("early sudden death can be called only from 18 tiles on the terrain while tiles are "
                      "unplaced")
        return tr("the turn is at its last step: write 'sudden' or 'end'")
    if phase == Phase.TILE:
        if words[0] in TILES_BY_ID:
            if TILES_BY_ID[words[0]] not in game.zones[tiles_zone(game.hand)]:
                return tr("{tile} is not in your hand of tiles").format(tile=words[0])
            return tr("{cell} is not an empty cell beside the terrain").format(cell=words[1])
        return tr("now a tile is placed from the hand beside the terrain (step 3), e.g. {example}").format(
            example=repr(example))
    if phase == Phase.REMOVE:
        if words[0] == "take":
            return tr("{cell} cannot be removed: it must hold no piece, have a side on the outside and leave "
                      "the terrain in one piece (§9.9)").format(cell=words[1])
        return tr("sudden death: first remove a tile with a free side and no piece (step 3), e.g. {example}"
                  ).format(example=repr(example))
    if example.startswith(("remove", "replace")):
        return tr("no piece can be entered or moved: remove one of yours, e.g. {example}").format(
            example=repr(example))
    if words[0] in ALL_PIECES:
        return _explain_piece(game, words)
    return tr("now one piece is entered or moved (step 4), e.g. {example}").format(example=repr(example))

def _explain_piece(game: Any, words: list[str]) -> str:
    piece, cell = words[0], words[1]
    if piece[0] not in game.layout.hand_colours[game.hand]:
        return tr("{piece} is not one of your pieces").format(piece=piece)
    if piece[1] == "k" and game.king_last[game.hand]:
        return tr("the king moved in your last piece action: never twice in a row (§9.6)")
    if len(words) == 3:
        card = game._card_by_id.get(words[2].upper()) or game._card_by_id.get(words[2][:-1].upper() + "b")
        if card is None or card not in game.zones[cards_zone(game.hand)]:
            return tr("you do not hold the card {card}").format(card=words[2])
    if piece not in game.pieces:
        if game.on_terrain(game.side) >= game.layout.limit:
            return tr("your side has reached its limit of pieces on the terrain")
        if piece[1] == "k" and not game._can_enter(piece):
            return tr("your side has a king on the terrain already")
    if cell in game.destinations(piece):
        return tr("neither the die nor that card selects {piece}").format(piece=piece)
    return tr("{piece} cannot go to {cell} with these dice").format(piece=piece, cell=cell)
