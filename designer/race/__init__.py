"""Race day, the shared half: what runs a race at the table for any game system, naming none.

`dice` (a seeded generator per race, dice with any faces), `deck` (a deck engine a system configures from
its rule data), `engine` (the race: an append-only list of actions replayed from the seed, undo, the log in
words; `RaceRules` is what a system contributes as `System.race`), `race_io` (the `*.race.json` file) and
`campaign` (a race's result filed into a campaign as one edit). Pure: no Qt.
"""
