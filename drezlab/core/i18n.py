"""English and Spanish labels.

Games and the widget ask ``t(key)`` for every word a pupil reads; teachers
switch the whole library with ``drezlab.set_language("es")``. Unknown keys
come back unchanged so that a missing translation shows English, not an error.

A game may also speak in another *wording* of the same language: the betting games
say "points" at school where a card table says "chips", "bets" and "pot"
(:func:`add_wording`, :func:`in_wording`). A wording swaps an English key for
another English key before translation, so its Spanish comes from the same catalogue;
the rules never change.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

LANGUAGES = ("en", "es")
_language = "en"

_SPANISH: dict[str, str] = {
    "White": "Blancas",
    "you": "tú",
    "card": "carta",
    "cards": "cartas",
    "no cards": "sin cartas",
    "Black": "Negras",
    "to move": "juegan",
    "{seat} to move": "Turno de {seat}",
    "Pile": "Mazo",
    # the accessible names of the clickable pile, die and hands (render.base.titled)
    "the pile: {count} cards": "el mazo: {count} cartas",
    "the die: {value}": "el dado: {value}",
    "the die, not rolled yet": "el dado, sin tirar",
    "the hand of {who}: {count} cards": "la mano de {who}: {count} cartas",
    "Discard": "Descartes",
    "Common cards": "Cartas comunes",
    "Die": "Dado",
    "holds the die": "tiene el dado",
    "Roll the die": "Tirar el dado",
    "Keep all pawns": "Conservar todos los peones",
    "Remove pawn": "Quitar peón",
    "Accept": "Aceptar",
    "Refuse (lose the game)": "Rechazar (perder la partida)",
    "Raise to": "Subir a",
    "Claim a draw": "Reclamar tablas",
    "No permitted move: end the game": "Sin jugada permitida: terminar la partida",
    "Return": "Devolver",
    "Exchange": "Cambiar",
    "for the pile top": "por la carta del mazo",
    "for a card of the opponent": "por una carta del rival",
    "for": "por",
    "New game": "Nueva partida",
    "Undo": "Deshacer",
    "Seed": "Semilla",
    "Move log": "Jugadas",
    "Game over": "Fin de la partida",
    "wins": "gana",
    "White wins": "Ganan las blancas",
    "Black wins": "Ganan las negras",
    "Spectator": "Espectador",
    "Player": "Jugador",
    "Draw": "Tablas",
    "Lost": "Perdida",
    "Pass the screen to": "Pasa la pantalla a",
    "I am ready": "Estoy listo",
    "checkmate": "jaque mate",
    "stalemate": "rey ahogado",
    "insufficient material": "material insuficiente",
    "threefold repetition": "triple repetición",
    "fivefold repetition": "quíntuple repetición",
    "fifty-move rule": "regla de los 50 movimientos",
    "seventy-five-move rule": "regla de los 75 movimientos",
    "bet refused": "apuesta rechazada",
    "Plain chess": "Ajedrez normal",
    "Bet": "Apuesta",
    "Remove pawns": "Quitar peones",
    "choose which card to return to the common cards": "elige qué carta devolver a las comunes",
    "thinking": "pensando",
    "Your turn": "Tu turno",
    "win": "ganan",
    "Nothing to undo": "No hay nada que deshacer",
    "Next move": "Siguiente jugada",
    "cards no longer matter": "las cartas ya no cuentan",
    "{seat} played: {move}": "Jugada de {seat}: {move}",
    "Wait: the other side is thinking": "Espera: el rival está pensando",
    "Press the button first": "Pulsa primero el botón",
    "The game is over: press New game": "La partida terminó: pulsa Nueva partida",
    "cannot be used now": "no se puede usar ahora",
    "does not go with": "no va con",
    "Playing…": "Jugando…",
    "Copy the moves": "Copiar las jugadas",
    "Copied": "Copiado",
    "Show the numbers": "Mostrar los números",
    "Yes": "Sí",
    "pile": "mazo",
    "{text} is not allowed now: {who}: {task}": "{text} no se puede ahora: {who}: {task}",
    "there is no piece on {square}": "no hay ninguna pieza en {square}",
    "the piece on {square} belongs to {owner} and {side} are to move":
        "la pieza de {square} es de las {owner} y juegan las {side}",
    "the game is over: there is no action to choose": "la partida terminó: no hay ninguna acción que elegir",
    "this bot plays {game}": "este bot juega a {game}",
    "the {bot} bot plays {game}": "el bot {bot} juega a {game}",
    "{refusal}, not {other}": "{refusal}, no a {other}",
    "an action is written as text in the game's notation, not {kind}":
        "una acción se escribe como texto en la notación del juego, no como {kind}",
    "{text} is far too long to be an action": "{text} es demasiado largo para ser una acción",
    "{text} is not an action: write it with plain letters, digits and signs such as 'e2e4'":
        "{text} no es una acción: escríbela con letras, cifras y signos normales, como 'e2e4'",
    "this is a resampled copy: it cannot be undone past the moment it was made":
        "esta es una copia remuestreada: no se puede deshacer más allá del momento en que se hizo",
    "there is nothing to undo": "no hay nada que deshacer",
    "{text} is not a legal action now": "{text} no es una acción legal ahora",
    "the game is over{reason}, so {text} cannot be played": "la partida terminó{reason}, así que {text} no se puede jugar",
    "that piece belongs to {owner}": "esa pieza es de las {owner}",
    "no move of yours ends on {square} now": "ninguna jugada tuya termina ahora en {square}",
    "No, go on playing": "No, sigo jugando",
    "Really resign? The game ends and the other side wins.": "¿Seguro que abandonas? La partida termina y gana el rival.",
    "Undo takes back only your own move in this turn, never another player's":
        "Deshacer solo devuelve tu propia jugada de este turno, nunca la de otro jugador",
}


def add_translations(spanish: dict[str, str]) -> None:
    """Register a game's own Spanish labels (each game module calls this at import),
    so that games never edit one shared table."""
    for english, translated in spanish.items():
        if _SPANISH.get(english, translated) != translated:
            raise ValueError(f"the label {english!r} already has another Spanish translation")
        _SPANISH[english] = translated


class OwnWords:
    """One module's own English words and their Spanish, kept in the one table under
    ``prefix`` so that they never clash with another module's: the same English can be
    said otherwise elsewhere ("King" is a VikingDrez piece, not a chess card).

    ``words.add({"english": "spanish"})`` registers them (at import); ``words("english")``
    is the text in the current language, the English itself when it has no Spanish.
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def add(self, spanish: dict[str, str]) -> None:
        """Register the Spanish of these English words under this module's prefix."""
        add_translations({self.prefix + english: translated for english, translated in spanish.items()})

    def __call__(self, english: str) -> str:
        key = self.prefix + english
        shown = t(key)
        return english if shown == key else shown


def set_language(language: str) -> None:
    """Switch labels and card names: ``"en"`` (default) or ``"es"``, in any case
    (``"ES"`` too) and with surrounding spaces ignored."""
    global _language
    code = language.strip().lower() if isinstance(language, str) else language
    if code not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)} (en = English, es = español), "
                         f"not {language!r}")
    _language = code


def get_language() -> str:
    return _language


@contextmanager
def in_language(language: str | None) -> Iterator[str]:
    """Labels in ``language`` ("en"/"es"; None: the current one) inside the block, for a
    picture or a text in a language other than the library's; the library's language comes
    back afterwards, also when the block raises. A bad ``language`` raises ValueError and
    changes nothing. Yields the language in use."""
    previous = _language
    set_language(previous if language is None else language)
    try:
        yield _language
    finally:
        set_language(previous)


def turn_text(seat_name: str) -> str:
    """'White to move' / 'Turno de Blancas': one phrase, because the Spanish word
    order and agreement differ for a colour and for 'Jugador 1'."""
    return t("{seat} to move").format(seat=seat_name)


#: the wordings by name: each maps an English key to the key said instead
_WORDINGS: dict[str, dict[str, str]] = {"chips": {}}
#: the replacements of the wording in use (empty: the keys as they are)
_replacements: dict[str, str] = {}


def add_wording(name: str, replacements: dict[str, str]) -> None:
    """Register (or extend) the wording ``name``: each English key of ``replacements``
    is said as its value while the wording is in use. A key given two different
    replacements raises ValueError, as a second translation does."""
    wording = _WORDINGS.setdefault(name, {})
    for key, said in replacements.items():
        if wording.get(key, said) != said:
            raise ValueError(f"the key {key!r} already has another {name!r} wording")
        wording[key] = said


def wordings() -> tuple[str, ...]:
    """The names of the registered wordings ("chips" first, the words of the rules)."""
    return tuple(_WORDINGS)


@contextmanager
def in_wording(name: str | None) -> Iterator[None]:
    """Labels in the wording ``name`` inside the block (None: the current one), put back
    afterwards, also when the block raises. An unknown name raises ValueError."""
    global _replacements
    if name is None:
        yield
        return
    if name not in _WORDINGS:
        raise ValueError(f"the wording is one of {', '.join(_WORDINGS)}, not {name!r}")
    previous = _replacements
    _replacements = _WORDINGS[name]
    try:
        yield
    finally:
        _replacements = previous


def t(text: str) -> str:
    """Translate an English label into the current language (in the wording in use)."""
    if _replacements:
        text = _replacements.get(text, text)
    if _language == "es":
        return _SPANISH.get(text, text)
    return text
