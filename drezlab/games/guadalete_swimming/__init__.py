"""Swimming Guadalete Chess (``guadalete-swimming``): the registry's entry.

Only the metadata lives here (:mod:`drezlab.games.guadalete_swimming.meta`); the
rules are :mod:`drezlab.games.guadalete.swimming` (``GuadaleteSwimming``), beside
the other river variants.
"""
