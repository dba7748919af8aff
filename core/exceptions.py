"""The one application error that services raise for business-rule failures.

The API exception handler (config/exceptions.py) turns it into the DESIGN.md error shape.
"""


class ApplicationError(Exception):
    """A failure a person can act on: a French message, a stable code and an HTTP status."""

    def __init__(
        self,
        message: str,
        *,
        code: str = "application_error",
        status_code: int = 400,
        errors: dict[str, list[str]] | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.code = code
        self.status_code = status_code
        self.errors = errors
        self.headers = headers or {}
