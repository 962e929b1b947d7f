"""The bots' worker thread: one thread, started when it is first given work (a window that only
shows the menu starts no thread and loads no thread pool)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor


class Worker:
    """A one-thread pool made on first use; ``submit`` and ``shutdown`` as an executor's."""

    def __init__(self, name: str = "bot") -> None:
        self.name = name
        self.made: ThreadPoolExecutor | None = None
        self.closed = False

    def pool(self) -> ThreadPoolExecutor:
        """The thread pool (made now if it is not yet)."""
        if self.closed:
            raise RuntimeError("cannot schedule new futures after shutdown")
        if self.made is None:
            from concurrent.futures import ThreadPoolExecutor

            self.made = ThreadPoolExecutor(1, self.name)
        return self.made

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` on the worker thread."""
        return self.pool().submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more work; ``wait`` for what was given (nothing to do if it never started)."""
        self.closed = True
        if self.made is not None:
            self.made.shutdown(wait=wait, cancel_futures=cancel_futures)
