"""BlackDrez's words: the Spanish catalogue, the move log's sentences and the
explanations of illegal input, so that :mod:`drezlab.games.blackdrez.game` holds rules.

The move log says what a player does as a sentence in the current language
(:func:`action_words`): "Player 2 asks for a card" / "Jugador 2 pide una carta",
"Player 1 retires and keeps 2 of their 5 cards" / "Jugador 1 se retira y se queda con
2 de sus 5 cartas". The Spanish follows the source ("pedir una carta más",
"retirarse de la mano", "plantarse").
"""

from __future__ import annotations

from drezlab.core.i18n import add_translations, t

__all__ = ["LABELS", "MOST_CARDS", "action_words", "illegal_text", "label", "round_result"]

MOST_CARDS = "most cards"

#: the English words of each action's button (translated when shown)
LABELS = {"draw": "Draw a card", "retire": "Retire", "stand": "Stand", "next": "Next round"}

add_translations({
    "you may stand only when every player still in the round has the same score (D38): 'draw' or 'retire'":
        "solo puedes plantarte cuando todos los que siguen en la ronda tienen la misma puntuación (D38): "
        "'draw' o 'retire'",
    "the round is still going: 'draw' or 'retire'": "la ronda sigue: 'draw' o 'retire'",
    "{text} is not an action: write 'draw', 'retire', 'stand' or 'next'":
        "{text} no es una acción: escribe 'draw', 'retire', 'stand' o 'next'",
    "Draw a card": "Tomar carta",
    "Retire": "Retirarse",
    "Stand": "Plantarse",
    "Next round": "Siguiente ronda",
    "Round": "Ronda",
    MOST_CARDS: "más cartas",
    "bust": "se pasa",
    "retired": "retirado",
    "stands": "se planta",
    "points": "puntos",
    "in pile": "en el montón",
    "Stock": "Mazo",
    "on the table": "en la mesa",
    "takes": "se lleva",
    "cards": "cartas",
    "card": "carta",
    "set aside": "apartadas",
    "keeps": "se queda",
    "ready for the next round?": "¿lista la siguiente ronda?",
    "reaches 11": "llega a 11",
    "last player in the round": "último jugador en la ronda",
    "tie": "empate",
    "stock empty": "mazo vacío",
    "Exact values": "Valores exactos",
    "each": "cada uno",
    "{who} to move": "Turno de {who}",
    # the move log (BlackDrez)
    "{who} asks for a card, with {score} points": "{who} pide una carta, con {score} puntos",
    "{who} retires and keeps {kept} of their {count} cards":
        "{who} se retira y se queda con {kept} de sus {count} cartas",
    "{who} retires and keeps none of their {count} cards":
        "{who} se retira sin quedarse ninguna de sus {count} cartas",
    "{who} stands at {score} points": "{who} se planta con {score} puntos",
    "{who} is ready for the next round": "{who} está listo para la siguiente ronda",
})


def label(kind: str) -> str:
    """The button of action ``kind`` in the current language ("Draw a card")."""
    return t(LABELS[kind])


def action_words(kind: str, who: str, score: int, cards: int) -> str:
    """The move log's sentence for ``who`` (a seat's name) doing ``kind`` with ``cards``
    cards worth ``score`` in front of them."""
    if kind == "draw":
        return t("{who} asks for a card, with {score} points").format(who=who, score=score)
    if kind == "retire":
        kept = cards // 2
        if not kept:
            return t("{who} retires and keeps none of their {count} cards").format(who=who, count=cards)
        return t("{who} retires and keeps {kept} of their {count} cards").format(who=who, kept=kept, count=cards)
    if kind == "stand":
        return t("{who} stands at {score} points").format(who=who, score=score)
    return t("{who} is ready for the next round").format(who=who)


def round_result(number: int, names: str, reason: str, share: int, winners: int, aside: int) -> list[str]:
    """The lines that say how round ``number`` ended: who took how many cards, and
    how many were set aside."""
    lines = [f"{t('Round')} {number}: {names} ({t(reason)}) {t('takes')} "
             f"{share} {t('cards') if share != 1 else t('card')}" + (f" {t('each')}" if winners > 1 else "")]
    if aside:
        lines.append(f"{aside} {t('cards') if aside != 1 else t('card')} {t('set aside')}")
    return lines


def illegal_text(text: str, phase_next: bool, who: str) -> str:
    """Why ``text`` cannot be played now (the game is not over)."""
    from drezlab.kits.tabletext import over_text

    if phase_next:
        return over_text(text, who, "round")
    if text == "stand":
        return t("you may stand only when every player still in the round has the same score (D38): "
                 "'draw' or 'retire'")
    if text == "next":
        return t("the round is still going: 'draw' or 'retire'")
    return t("{text} is not an action: write 'draw', 'retire', 'stand' or 'next'").format(text=repr(text))
