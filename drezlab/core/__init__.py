"""What every game shares: the Game base, metadata and registry, zones, chance,
observations, records, actions, errors, the Pokerdrez cards, labels."""
