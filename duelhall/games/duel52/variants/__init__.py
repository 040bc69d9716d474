"""The player variants of rulebook section 4: ``teams`` (two against two) and ``triangles``
(three players over four triangles)."""
