"""SVG building blocks shared by the picture's parts: numbers for the document, elements and
text with a halo. Every text and attribute goes through ElementTree, which escapes it (labels
come from data files a player may edit)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping

INK = "#1d1d1d"
HALO = "#ffffff"


def num(value: float) -> str:
    """A coordinate for the document: a tenth of a millimetre is finer than any screen."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def el(
    parent: ET.Element, tag: str, attrib: Mapping[str, str] | None = None, /, **attrs: str
) -> ET.Element:
    """A child element; keyword names with ``_`` stand for SVG's ``-`` (``stroke_width``),
    and ``attrib`` holds names Python cannot spell (``class``, ``data-seat``)."""
    merged = dict(attrib or {})
    merged.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return ET.SubElement(parent, tag, merged)


def text(
    parent: ET.Element,
    x: float,
    y: float,
    words: str,
    size: float,
    attrib: Mapping[str, str] | None = None,
    /,
    **attrs: str,
) -> None:
    element = el(parent, "text", attrib, x=num(x), y=num(y), font_size=num(size), **attrs)
    element.text = words


def halo_text(
    parent: ET.Element,
    x: float,
    y: float,
    words: str,
    size: float,
    halo: str = HALO,
    /,
    **attrs: str,
) -> None:
    """Centred text over a halo, readable over terrain and the grid. The halo is a second,
    stroked copy underneath rather than ``paint-order``, which not every renderer knows."""
    attrs = {"text_anchor": "middle", "fill": INK, **attrs}
    under = {**attrs, "fill": halo}
    text(
        parent,
        x,
        y,
        words,
        size,
        {"class": "halo"},
        stroke=halo,
        stroke_width="3",
        stroke_linejoin="round",
        **under,
    )
    text(parent, x, y, words, size, **attrs)
