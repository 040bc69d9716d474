"""Duel Fighters' dice and combat resolution: small pure functions over a seeded die source.

- :mod:`.dice`: dice read one by one, criticals, per-die modifiers, the initiative roll and the
  one-die roll-off;
- :mod:`.attack`: an attack in its three stages (attack roll, defence roll, cancelling), with
  the measure, a downed victim, improvised and ranged attacks, cover and elements;
- :mod:`.injuries`: injuries, knock-down, badly wounded, the death roll, healing;
- :mod:`.hazards`: collisions and pushes, barrels, trees, dangerous ground.

Each function takes the rulings' options as one :class:`.rules.CombatRules` and returns a
frozen outcome record holding every die and every consequence, so the engine applies it and
the terminal and pictures can tell it. There is no state here: the engine (``engine/``) owns the
characters and calls these.
"""
