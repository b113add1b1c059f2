"""Link annotations over an entry: identifiers that are clicked rather than printed."""

from __future__ import annotations

from dataclasses import dataclass

import pymupdf


@dataclass(frozen=True)
class Link:
    """A URI link annotation and where it sits."""

    page: int
    rect: tuple[float, float, float, float]
    uri: str


def read_links(page: pymupdf.Page) -> tuple[Link, ...]:
    """Every URI link on a page; internal jumps are skipped without resolving their targets (slow)."""
    out = []
    link = page.first_link
    while link:
        if link.is_external and link.uri:
            r = link.rect
            out.append(Link(page.number, (r.x0, r.y0, r.x1, r.y1), link.uri.strip()))
        link = link.next
    return tuple(out)


def links_inside(links: tuple[Link, ...], page: int, box: tuple[float, float, float, float]) -> list[Link]:
    """The links whose centre falls inside `box` on `page`."""
    x0, y0, x1, y1 = box
    found = []
    for link in links:
        if link.page != page:
            continue
        cx, cy = (link.rect[0] + link.rect[2]) / 2, (link.rect[1] + link.rect[3]) / 2
        if x0 - 1 <= cx <= x1 + 1 and y0 - 1 <= cy <= y1 + 1:
            found.append(link)
    return found
