"""The line a background job that failed leaves on the play screen: a seat's turn or a hint."""

from __future__ import annotations

from collections.abc import Callable

from harmonies.session import Failure

#: Seconds a failed turn or hint stays on screen.
FAILURE_SECONDS = 8.0


def failure_text(t: Callable[..., str], failure: Failure) -> str:
    """A turn or hint that failed (already logged): one line saying so and where the log is."""
    log_at = failure.log.name if failure.log is not None else "stderr"
    kind = failure.error.split(":", 1)[0]     # the error's name; its message is in the log
    return t(f"play.failed_{failure.what}", error=kind, log=log_at)
