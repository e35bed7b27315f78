"""A small PDF writer: pages of lines, rectangles, text in the standard Helvetica fonts, and links.

Why not a PDF library (fpdf2, reportlab): a booklet page is a few hundred lines and digits, and
Helvetica is one of the 14 fonts every PDF reader has, so nothing needs embedding; fpdf2 would
bring Pillow, fontTools and defusedxml (some 15 MB, Pillow compiled) to a package that has no
dependencies, for about 120 lines of code here. The file is PDF 1.4 with uncompressed content
streams (a booklet of 20 pages is under 200 KB), its cross-reference table written from the
objects' byte offsets.
"""

from __future__ import annotations

PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
"""Page sizes in points (1/72 inch), width and height."""
DIGIT_WIDTH = 0.556
"""Every digit of Helvetica (and Helvetica-Bold) is 556/1000 of the font size wide."""
_FONTS = {"regular": "F1", "bold": "F2"}


def _escaped(text: str) -> str:
    """``text`` as a PDF string's inside, in the fonts' WinAnsiEncoding (Windows-1252: the
    middle dot and the dashes too), with ``\\``, ``(`` and ``)`` escaped."""
    safe = text.encode("cp1252", "replace").decode("latin-1")
    return safe.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def text_width(text: str, size: float) -> float:
    """About how wide Helvetica sets ``text`` (digits exactly, other characters on average)."""
    return sum(DIGIT_WIDTH if ch.isdigit() else 0.5 for ch in text) * size


class Page:
    """One page's drawing operations; y grows upwards from the bottom edge, as in PDF."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self._ops: list[str] = []
        self.links: list[tuple[tuple[float, float, float, float], str]] = []

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.5) -> None:
        """A straight line."""
        self._ops.append(f"{width:.2f} w {x1:.2f} {y1:.2f} m {x2:.2f} {y2:.2f} l S")

    def rect(self, x: float, y: float, w: float, h: float, width: float = 0.5) -> None:
        """A rectangle's outline; (x, y) is its bottom-left corner."""
        self._ops.append(f"{width:.2f} w {x:.2f} {y:.2f} {w:.2f} {h:.2f} re S")

    def fill(self, x: float, y: float, w: float, h: float, grey: float) -> None:
        """A filled rectangle, ``grey`` from 0 (black) to 1 (white)."""
        self._ops.append(f"{grey:.2f} g {x:.2f} {y:.2f} {w:.2f} {h:.2f} re f 0 g")

    def text(self, x: float, y: float, size: float, text: str, font: str = "regular") -> None:
        """Text from its baseline's left end."""
        self._ops.append(
            f"BT /{_FONTS[font]} {size:.2f} Tf {x:.2f} {y:.2f} Td ({_escaped(text)}) Tj ET"
        )

    def link(self, x: float, y: float, w: float, h: float, url: str) -> None:
        """A clickable area that opens ``url``."""
        self.links.append(((x, y, x + w, y + h), url))

    def content(self) -> bytes:
        """The page's content stream."""
        return "\n".join(self._ops).encode("latin-1")


class Document:
    """Pages in order; :meth:`to_bytes` writes the file."""

    def __init__(self, paper: str = "a4", title: str = "") -> None:
        self.size = PAPER[paper]
        self.title = title
        self.pages: list[Page] = []

    def add_page(self) -> Page:
        """A new blank page at the end."""
        page = Page(*self.size)
        self.pages.append(page)
        return page

    def to_bytes(self) -> bytes:
        """The PDF file."""
        objects: list[bytes] = []

        def add(body: bytes) -> int:
            objects.append(body)
            return len(objects)

        catalog = add(b"")  # filled in below, once the pages' numbers are known
        pages_ref = add(b"")
        fonts = [
            add(
                f"<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding /WinAnsiEncoding >>".encode()
            )
            for name in ("Helvetica", "Helvetica-Bold")
        ]
        info = add(
            f"<< /Title ({_escaped(self.title)}) /Producer (sudoku_core) >>".encode("latin-1")
        )
        kids = []
        for page in self.pages:
            stream = page.content()
            content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
            annots = [
                add(
                    (
                        "<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect "
                        f"[{x1:.2f} {y1:.2f} {x2:.2f} {y2:.2f}] "
                        f"/A << /Type /Action /S /URI /URI ({_escaped(url)}) >> >>"
                    ).encode("latin-1")
                )
                for (x1, y1, x2, y2), url in page.links
            ]
            annot_refs = " ".join(f"{n} 0 R" for n in annots)
            kids.append(
                add(
                    (
                        f"<< /Type /Page /Parent {pages_ref} 0 R "
                        f"/MediaBox [0 0 {page.width:.2f} {page.height:.2f}] "
                        f"/Resources << /Font << /F1 {fonts[0]} 0 R /F2 {fonts[1]} 0 R >> >> "
                        f"/Contents {content} 0 R /Annots [{annot_refs}] >>"
                    ).encode()
                )
            )
        objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_ref} 0 R >>".encode()
        kid_refs = " ".join(f"{n} 0 R" for n in kids)
        objects[pages_ref - 1] = (
            f"<< /Type /Pages /Kids [{kid_refs}] /Count {len(kids)} >>".encode()
        )
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, 1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
            len(objects) + 1,
            catalog,
            info,
            xref,
        )
        return bytes(out)
