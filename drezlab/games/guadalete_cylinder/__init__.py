"""Cylindrical Guadalete Chess 14 x 8 (``guadalete-cylinder``): the registry's entry.

Only the metadata lives here (:mod:`drezlab.games.guadalete_cylinder.meta`); the
rules are :mod:`drezlab.games.guadalete.cylinder` (``GuadaleteCylinder``), beside the
other river variants.
"""
