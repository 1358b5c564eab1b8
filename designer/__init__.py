"""Kartographer: track designer, print shop and campaign manager for tabletop kart-racing games."""

__version__ = "0.1.0"
