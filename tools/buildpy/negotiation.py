"""Which precompressed copy a request may get: Accept-Encoding read as RFC 9110 says (q-values,
`*`, `identity`), the server's preference first."""

from __future__ import annotations

from collections.abc import Sequence


def accepted_codings(header: str | None) -> dict[str, float]:
    """The content codings an Accept-Encoding header names, each with its q-value.

    Examples:
        >>> accepted_codings("gzip, deflate, br;q=0.5, zstd;q=0")
        {'gzip': 1.0, 'deflate': 1.0, 'br': 0.5, 'zstd': 0.0}
        >>> accepted_codings(None), accepted_codings("br;q=x")
        ({}, {'br': 0.0})
    """
    codings: dict[str, float] = {}
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        if not name.strip():
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = max(0.0, min(1.0, float(value)))
                except ValueError:
                    quality = 0.0  # an unreadable weight is no permission
        codings[name.strip().lower()] = quality
    return codings


def choose_coding(header: str | None, available: Sequence[str]) -> str | None:
    """The first of ``available`` (the server's order of preference) that the client accepts
    with a q-value above 0, named or through `*`; None: send the file as it is.

    Examples:
        >>> choose_coding("gzip, deflate, br, zstd", ["br", "gzip"])
        'br'
        >>> choose_coding("gzip", ["br", "gzip"]), choose_coding("br;q=0, *", ["br", "gzip"])
        ('gzip', 'gzip')
        >>> choose_coding(None, ["br", "gzip"]), choose_coding("identity", ["br"])
        (None, None)
    """
    codings = accepted_codings(header)
    for coding in available:
        quality = codings.get(coding, codings.get("*", 0.0))
        if quality > 0:
            return coding
    return None
