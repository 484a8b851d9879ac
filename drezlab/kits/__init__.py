"""Rules and players shared by several games (DESIGN.md, "The house").

A kit is a piece of rules that more than one game plays by, written once over a
small protocol so each game plugs in its own board or table:

- :mod:`drezlab.kits.cardchess`: chess where every move is backed by a card, for
  N seats and teams (PokerDrez, and later PokerDrez for 4 and NeuroDrez), over a
  move-source protocol with python-chess's board as the first source.
- :mod:`drezlab.kits.cardchessactions`: the card-chess layer's actions as small immutable
  types (a move with its card or the die, a card returned, a roll, an exchange, stop, a
  draw claim).
- :mod:`drezlab.kits.tablewords`: the betting games' words at school (points, not chips,
  bets and a pot), a game option that changes words, never rules.
- :mod:`drezlab.kits.table`: the card table, written once: seats round the table (the
  next seat still in the hand), chips (side pots, splits with odd chips, chip-based
  judgements), :class:`~drezlab.kits.table.BettingTable` (Poker7, PokerGuess) and
  :class:`~drezlab.kits.table.PointsMatch` (DomiDrez, RummiDrez), the judging of a hand
  (:class:`~drezlab.kits.table.HandResult`). :mod:`drezlab.kits.chips` keeps its old names.
- :mod:`drezlab.kits.chessbots`: material-counting and search bots for any game
  that shows a chess board (``chess_board``) and says which chess move an action
  makes (``chess_move``); games subclass them for their own rules.
- :mod:`drezlab.kits.ring`: the ring board of Dejarik and its Courtier variant as
  data (cells, adjacency, step headings, capture lines, positions as text, labels).

Kits import ``drezlab.core`` only (and python-chess where a kit adapts it); games
import kits, never the other way round.
"""
