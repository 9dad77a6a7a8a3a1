"""Small helpers shared by the `mag` commands: clear errors and price options."""

from __future__ import annotations

import typer


def fail(message: str) -> typer.Exit:
    """Print a clear error on stderr (no traceback); raise the returned Exit (code 2)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def parse_prices(text: str | None, flag: str = "--prices") -> tuple[float | None, float | None]:
    """`IN,OUT` USD per million tokens -> (in, out); (None, None) when not given."""
    if not text:
        return None, None
    parts = [p.strip() for p in text.split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        p_in, p_out = float(parts[0]), float(parts[1])
    except ValueError:
        raise fail(f"{flag} wants IN,OUT in USD per million tokens (e.g. 0.4,1.6), got {text!r}") from None
    if p_in < 0 or p_out < 0:
        raise fail(f"{flag} must not be negative")
    return p_in, p_out
