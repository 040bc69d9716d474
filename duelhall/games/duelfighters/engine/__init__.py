"""The rules engine of Duel Fighters, on the foundations (content, geometry, combat) and
nothing else of the package:

- :mod:`.state`: the phases and the protocol's verbs; :mod:`.options`; :mod:`.actions` (the
  action value and its words);
- :mod:`.field` (the scenario as geometry), :mod:`.board` (the table's contents, the sheets,
  the programmes, an attack waiting for a decision), :mod:`.sheet` (a character's sheet and
  cards), :mod:`.deployment` (the spots of F69);
- :mod:`.steps` (what a step holds and costs), :mod:`.targets` (whom an attack or a marker
  names, F76), :mod:`.choices` (a seat's choices),
  :mod:`.execution` (paying for and playing a step);
- :mod:`.movement` (slides, turns, collisions, terrain), :mod:`.reach` (who can reach whom),
  :mod:`.fight` (attacks, techniques, spells), :mod:`.wounds` (injuries reaching a sheet).
"""
