"""Shared test set-up: the toy game ``race`` is registered for every test."""

from toygame import register_race

register_race()
