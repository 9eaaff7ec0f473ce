"""Per-object memoisation for sprite makers.

``functools.lru_cache`` on a method keeps every instance alive for ever (the cache
is global and holds ``self``); scenes create their own art objects, so each keeps
its sprites in its own bounded cache and frees them with itself.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def memo(maxsize: int) -> Callable[[F], F]:
    def deco(fn: F) -> F:
        slot = f"_memo_{fn.__name__}"

        @functools.wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            cache: OrderedDict[Any, Any] | None = self.__dict__.get(slot)
            if cache is None:
                cache = self.__dict__[slot] = OrderedDict()
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            hit = cache.get(key)
            if hit is not None:
                cache.move_to_end(key)
                return hit
            value = fn(self, *args, **kwargs)
            cache[key] = value
            if len(cache) > maxsize:
                cache.popitem(last=False)
            return value

        return wrapper  # type: ignore[return-value]

    return deco
