"""lz-string's ``compressToBase64`` and ``decompressFromBase64``: the codec of f-puzzles and
SudokuPad links.

Why our own codec rather than PyPI's ``lzstring``: the wheel has no dependencies, and the page's
Pyodide loads only what the site ships, so a second wheel would be one more download for every
visitor and one more pinned file for the offline cache, for 150 lines. It follows lz-string
1.5 (pieroxy/lz-string) bit for bit; tests/test_lzstring.py checks it against the npm package's
output on the same texts, both ways.

lz-string works on UTF-16 code units (JavaScript's ``charCodeAt``), so text is turned into code
units first and back after: a character outside the BMP is two units, as in the browser.
Decompression is bounded (:data:`MAX_OUTPUT_UNITS`): a few kilobytes of link can otherwise
unfold into megabytes.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Final

BASE64: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VALUE: Final = {char: value for value, char in enumerate(BASE64)} | {"=": 0}
MAX_OUTPUT_UNITS: Final = 1_000_000
"""The most code units a payload may unfold into: a puzzle's JSON is a few thousand."""


class LzStringError(ValueError):
    """The text is not lz-string base64, or it unfolds into something that is not text."""


def _units(text: str) -> list[int]:
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]


def _text(units: list[str]) -> str:
    joined = "".join(units)
    return joined.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


class _BitWriter:
    """Bits written lowest first into 6-bit base64 characters, as lz-string packs them."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.value = 0
        self.position = 0

    def write(self, value: int, count: int) -> None:
        for _ in range(count):
            self.value = (self.value << 1) | (value & 1)
            if self.position == 5:
                self.out.append(BASE64[self.value])
                self.position = 0
                self.value = 0
            else:
                self.position += 1
            value >>= 1

    def finish(self) -> str:
        while True:
            self.value <<= 1
            if self.position == 5:
                self.out.append(BASE64[self.value])
                break
            self.position += 1
        text = "".join(self.out)
        return text + "=" * (-len(text) % 4)


def compress_to_base64(text: str) -> str:
    """``LZString.compressToBase64(text)``.

    Examples:
        >>> compress_to_base64('{"size":9}')
        'N4IgzglgXgpiBcBOAvkA'
        >>> decompress_from_base64(compress_to_base64("Sudoku ✓ 🧩"))
        'Sudoku ✓ 🧩'
    """
    dictionary: dict[str, int] = {}
    to_create: set[str] = set()
    size, num_bits, enlarge_in = 3, 2, 2
    bits = _BitWriter()
    w = ""

    def emit(w: str) -> None:
        nonlocal num_bits, enlarge_in
        if w in to_create:
            code = ord(w[0])
            if code < 256:
                bits.write(0, num_bits)
                bits.write(code, 8)
            else:
                bits.write(1, num_bits)
                bits.write(code, 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, num_bits = 1 << num_bits, num_bits + 1
            to_create.discard(w)
        else:
            bits.write(dictionary[w], num_bits)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1

    for c in map(chr, _units(text)):
        if c not in dictionary:
            dictionary[c] = size
            size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
            continue
        emit(w)
        dictionary[wc] = size
        size += 1
        w = c
    if w:
        emit(w)
    bits.write(2, num_bits)
    return bits.finish()


def decompress_from_base64(text: str) -> str:
    """``LZString.decompressFromBase64(text)``, or :class:`LzStringError` where lz-string
    gives ``null`` or ``""`` for a text that is not its output."""
    stripped = text.strip()
    if not stripped:
        raise LzStringError("the payload is empty")
    stray = next((ch for ch in stripped if ch not in _VALUE), None)
    if stray is not None:
        raise LzStringError(f"the payload has a character {stray!r} that base64 has not")
    values = [_VALUE[ch] for ch in stripped]
    length = len(values)
    state = {"value": values[0], "position": 32, "index": 1}

    def read(count: int) -> int:
        result, power = 0, 1
        for _ in range(count):
            bit = state["value"] & state["position"]
            state["position"] >>= 1
            if state["position"] == 0:
                state["position"] = 32
                index = state["index"]
                state["value"] = values[index] if index < length else 0
                state["index"] = index + 1
            if bit:
                result |= power
            power <<= 1
        return result

    dictionary: list[str] = ["", "", ""]
    first = read(2)
    if first == 2:
        raise LzStringError("the payload holds no text")
    w = chr(read(8 if first == 0 else 16))
    dictionary.append(w)
    result = [w]
    produced = 1
    num_bits, enlarge_in = 3, 4
    while True:
        if state["index"] > length:
            raise LzStringError("the payload ends too soon (is it cut short?)")
        code = read(num_bits)
        if code in (0, 1):
            dictionary.append(chr(read(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge_in -= 1
        elif code == 2:
            return _text(result)
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise LzStringError("the payload is not lz-string data (a damaged link?)")
        produced += len(entry)
        if produced > MAX_OUTPUT_UNITS:
            raise LzStringError(f"the payload unfolds into over {MAX_OUTPUT_UNITS:,} characters")
        result.append(entry)
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1
