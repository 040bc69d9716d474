"""Pictures of a Duel Fighters table: :mod:`.svg` draws one position as an SVG document."""

from __future__ import annotations

from .svg import FigureMark, Scene, TerrainMark, render, scenario_terrain

__all__ = ["FigureMark", "Scene", "TerrainMark", "render", "scenario_terrain"]
