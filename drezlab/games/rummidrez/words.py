"""RummiDrez's words: the Spanish catalogue, the move log's sentences, the last action in
words and the explanations of illegal input, so that :mod:`drezlab.games.rummidrez.game`
holds rules (a meld's problems are said by :mod:`drezlab.games.rummidrez.melds`).

The move log names a card as the deck prints it, and the copy of the second pack as
such, never by its id (``N6b``): "Player 1 lays the Blue Knight card (second pack) down in
a new meld" / "Jugador 1 baja la carta Caballo Azul (segunda baraja) en un grupo nuevo",
"Player 2 moves the Red Pawn card from meld 2 to meld 5" / "Jugador 2 mueve la carta Peón
Rojo del grupo 2 al grupo 5", "Player 1 draws a card and ends the turn" / "Jugador 1 roba
una carta y termina el turno" (the source: "robar una carta del bulto").
"""

from __future__ import annotations

from collections.abc import Sequence

from drezlab.core.cards import Card
from drezlab.core.i18n import add_translations, get_language
from drezlab.core.words import card_words
from drezlab.games.rummidrez.melds import arrange, tr

__all__ = ["button_words", "card_phrase", "commit_refusal", "last_move_words", "move_label", "move_refusal",
           "move_words", "next_hand_refusal"]

NEW, HAND = "new", "hand"

add_translations({
    "Commit the play": "Confirmar la jugada",
    "Take the turn back": "Deshacer el turno",
    "Draw and end the turn": "Robar y terminar el turno",
    "Pass": "Pasar",
    "Next hand": "Siguiente mano",
    "meld": "grupo",
    "New meld": "Grupo nuevo",
    "to the hand": "a la mano",
    "went out": "se quedó sin cartas",
    "blocked hand": "mano bloqueada",
    "match target reached": "meta de la partida alcanzada",
    "solitaire over": "solitario terminado",
    "time limit": "tiempo agotado",
    "cards left": "cartas en la mano",
    "initial meld": "bajada inicial",
    "play ready: commit it": "jugada lista: confírmala",
    "lay down cards or draw": "baja cartas o roba",
})
tr.add({
    "there is no play to check now": "ahora no hay jugada que comprobar",
    "no card from the hand is on the table yet: a play lays down at least one (§5)":
        "aún no hay ninguna carta de la mano en la mesa: una jugada baja al menos una (§5)",
    "meld {number} ({cards}) {problem}": "el grupo {number} ({cards}) {problem}",
    "the initial meld lays down at least {needed} cards from the hand (D26); this one has {count}":
        "la bajada inicial pone al menos {needed} cartas de la mano (D26); esta tiene {count}",
    "the game is over ({reason}), so {text} cannot be played":
        "la partida ha terminado ({reason}), así que {text} no se puede jugar",
    "{text} is not allowed now: the hand is over; {who} writes 'next' for the next hand":
        "{text} no se puede ahora: la mano ha terminado; {who} escribe 'next' para la siguiente",
    "the play cannot be committed: {problem}": "la jugada no se puede confirmar: {problem}",
    "the stock is empty: write 'pass'": "el mazo está vacío: escribe 'pass'",
    "there are cards left in the stock: write 'draw' (draw one card and end the turn)":
        "quedan cartas en el mazo: escribe 'draw' (roba una carta y termina el turno)",
    "nothing was moved this turn, so there is nothing to take back":
        "no se ha movido nada en este turno, así que no hay nada que deshacer",
    "{text} is no action: write a card and where it goes ('b4 m3', 'b4 new', 'b4 hand'), or 'done', 'reset', "
    "'draw', 'pass', 'next'": "{text} no es una acción: escribe una carta y adónde va ('b4 m3', 'b4 new', "
                              "'b4 hand'), o 'done', 'reset', 'draw', 'pass', 'next'",
    "{text}: there is no such card (figures p n b r q j with colours 1-9, neutral x1 x2)":
        "{text}: esa carta no existe (figuras p n b r q j con colores 1-9, neutrales x1 x2)",
    "{who} does not hold {card}, and it is not on the table": "{who} no tiene {card}, y no está en la mesa",
    "{card} was not played from the hand this turn: table cards never return to a hand (D27)":
        "{card} no salió de la mano en este turno: las cartas de la mesa nunca vuelven a una mano (D27)",
    "before the initial meld (D26) only hand cards go down, into new melds, without touching the table":
        "antes de la bajada inicial (D26) solo bajan cartas de la mano, en grupos nuevos, sin tocar la mesa",
    "{dest} is no place on the table: write a meld such as 'm3', or 'new'":
        "{dest} no es un sitio de la mesa: escribe un grupo como 'm3', o 'new'",
    "{card} cannot go to {dest} now (that meld is empty, or the card lies there already)":
        "{card} no puede ir a {dest} ahora (ese grupo está vacío, o la carta ya está allí)",
    "solitaire": "solitario",
    "players": "jugadores",
    "hand": "mano",
})

tr.add({
    # the move log (RummiDrez)
    "{card} (second pack)": "{card} (segunda baraja)",
    "a neutral card": "una carta neutral",
    "{who} lays {card} down in a new meld": "{who} baja {card} en un grupo nuevo",
    "{who} adds {card} to meld {number}": "{who} añade {card} al grupo {number}",
    "{who} moves {card} from meld {source} to a new meld": "{who} mueve {card} del grupo {source} a un grupo nuevo",
    "{who} moves {card} from meld {source} to meld {number}":
        "{who} mueve {card} del grupo {source} al grupo {number}",
    "{who} takes {card} back into the hand": "{who} devuelve {card} a la mano",
    "{who} commits the play": "{who} confirma la jugada",
    "{who} takes the turn back": "{who} deshace el turno",
    "{who} draws a card and ends the turn": "{who} roba una carta y termina el turno",
    "{who} passes": "{who} pasa",
    "{who} starts the next hand": "{who} empieza la siguiente mano",
    # the last action and the moves' labels
    "{card} into a new meld": "{card} a un grupo nuevo",
    "{card} into meld {number}": "{card} al grupo {number}",
    "{card} back to the hand": "{card} de vuelta a la mano",
    "Neutral card": "Carta neutral",
})

#: the move log's sentence of each button
_BUTTONS = {"done": "{who} commits the play", "reset": "{who} takes the turn back",
            "draw": "{who} draws a card and ends the turn", "pass": "{who} passes", "next": "{who} starts the next hand"}


def card_phrase(card: Card) -> str:
    """A card with its article as the deck prints it, the second pack's copy said so:
    "the Blue Knight card (second pack)" / "la carta Caballo Azul (segunda baraja)",
    "a neutral card"."""
    words = tr("a neutral card") if card.is_neutral else card_words(card)
    return tr("{card} (second pack)").format(card=words) if card.pack else words


def card_name(card: Card) -> str:
    """A card's printed name, the second pack's copy said so: "Blue Knight (second pack)"."""
    name = tr("Neutral card") if card.is_neutral else card.name(get_language())
    return tr("{card} (second pack)").format(card=name) if card.pack else name


def meld_words(cards: Sequence[Card]) -> str:
    """A meld's cards by their printed names, in the meld's order: "Blue Bishop, Neutral
    card, Blue Queen" (not its notation ``B5 X Q5``)."""
    return ", ".join(card_name(card) for card in arrange(cards))


def move_words(who: str, card: Card, source: str | None, dest: str) -> str:
    """The move log's sentence for ``who`` moving ``card`` from ``source`` (a meld zone
    such as 'meld3', or ``None`` for the hand) to ``dest`` ('m3', 'new' or 'hand')."""
    phrase = card_phrase(card)
    if dest == HAND:
        return tr("{who} takes {card} back into the hand").format(who=who, card=phrase)
    if source is None:
        if dest == NEW:
            return tr("{who} lays {card} down in a new meld").format(who=who, card=phrase)
        return tr("{who} adds {card} to meld {number}").format(who=who, card=phrase, number=dest[1:])
    origin = "".join(character for character in source if character.isdigit())
    if dest == NEW:
        return tr("{who} moves {card} from meld {source} to a new meld").format(who=who, card=phrase, source=origin)
    return tr("{who} moves {card} from meld {source} to meld {number}").format(
        who=who, card=phrase, source=origin, number=dest[1:])


def button_words(who: str, kind: str) -> str:
    """The move log's sentence for a button ('done', 'reset', 'draw', 'pass', 'next')."""
    return tr(_BUTTONS[kind]).format(who=who)


def last_move_words(card: Card, dest: str) -> str:
    """The last move in words for the picture: "Blue Knight (second pack) into meld 3"."""
    name = card_name(card)
    if dest == HAND:
        return tr("{card} back to the hand").format(card=name)
    if dest == NEW:
        return tr("{card} into a new meld").format(card=name)
    return tr("{card} into meld {number}").format(card=name, number=dest[1:])


def move_label(card: Card, dest: str) -> str:
    """The label of a move (made once per card and place, in English: the picture says
    moves by their targets): "B4 → meld 3"."""
    where = "new meld" if dest == NEW else "hand" if dest == HAND else f"meld {dest[1:]}"
    return f"{card.id} → {where}"


def next_hand_refusal(text: str, who: str) -> str:
    """Why ``text`` cannot be played between hands."""
    return tr("{text} is not allowed now: the hand is over; {who} writes 'next' for the next hand").format(
        text=repr(text), who=who)


def commit_refusal(problem: str | None) -> str:
    """Why the play cannot be committed: ``problem`` (the check of the staged play)."""
    return tr("the play cannot be committed: {problem}").format(problem=problem)


def move_refusal(text: str, who: str, card: Card | None, where: str | None, opened: bool,
                 melds: Sequence[str]) -> str:
    """Why ``text`` (not 'done', not between hands) cannot be played now by ``who``:
    ``card`` is the card it names (``None``: no such card), ``where`` is "nowhere" when
    the card is neither in the hand nor on the table, ``opened`` whether the player has
    made the initial meld, ``melds`` the table's meld places."""
    import re

    quoted = repr(text)
    if text in ("draw", "pass"):
        return tr("the stock is empty: write 'pass'" if text == "draw"
                  else "there are cards left in the stock: write 'draw' (draw one card and end the turn)")
    if text == "reset":
        return tr("nothing was moved this turn, so there is nothing to take back")
    match = re.match(r"^([pnbrqjx][1-9])(b?) (\S+)$", text)
    if match is None:
        return tr("{text} is no action: write a card and where it goes ('b4 m3', 'b4 new', 'b4 hand'), or "
                  "'done', 'reset', 'draw', 'pass', 'next'").format(text=quoted)
    dest = match.group(3)
    if card is None:
        return tr("{text}: there is no such card (figures p n b r q j with colours 1-9, neutral x1 x2)").format(
            text=quoted)
    named = f"{card.id} ({card_name(card)})"
    if where == "nowhere":
        return tr("{who} does not hold {card}, and it is not on the table").format(who=who, card=named)
    if dest == HAND:
        return tr("{card} was not played from the hand this turn: table cards never return to a hand (D27)"
                  ).format(card=named)
    if not opened:
        return tr("before the initial meld (D26) only hand cards go down, into new melds, without touching "
                  "the table")
    if dest not in melds and dest != NEW:
        return tr("{dest} is no place on the table: write a meld such as 'm3', or 'new'").format(dest=repr(dest))
    return tr("{card} cannot go to {dest} now (that meld is empty, or the card lies there already)").format(
        card=named, dest=repr(dest))
