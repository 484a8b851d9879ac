"""Rules and players shared by several games: the card-chess layer, chess bots."""
