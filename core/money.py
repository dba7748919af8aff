"""Money in one place: amounts are integers of F CFA (XOF has no minor unit)."""

NARROW_NBSP = "\u202f"  # thousands separator, as French typography writes it
NBSP = "\u00a0"  # between the amount and its currency, so the two never wrap apart


def format_fcfa(amount: int) -> str:
    """``3500`` → ``3 500 F CFA`` (narrow no-break space between thousands, no-break space before F)."""
    sign = "-" if amount < 0 else ""
    grouped = f"{abs(int(amount)):,}".replace(",", NARROW_NBSP)
    return f"{sign}{grouped}{NBSP}F CFA"
