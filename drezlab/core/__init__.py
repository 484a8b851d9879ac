"""What every game shares: the Game protocol, errors, actions, cards, labels."""
