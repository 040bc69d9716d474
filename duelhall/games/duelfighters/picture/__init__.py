"""Pictures of a Duel Fighters table: :mod:`.svg` draws one position as an SVG document;
:mod:`.scene` makes the scene from a view of a duel."""

from __future__ import annotations

from .figures import FigureMark
from .scene import scene_of
from .svg import Scene, TerrainMark, render, scenario_terrain

__all__ = ["FigureMark", "Scene", "TerrainMark", "render", "scenario_terrain", "scene_of"]
