"""How to install this package, said the same way by every message that asks for it.

dialectical-memory is not on the package index, so ``pip install dialectical-memory`` fails. It
installs from a checkout of its repository or from the wheel ``make wheel`` builds there. Where this
copy was installed from one of those, the hint names it: that command works as written.

:func:`installed_from` reads the package's own install record (PEP 610 ``direct_url.json``, through
:mod:`importlib.metadata`); nothing here reads a memory home.
"""

from __future__ import annotations

import json
import shlex
from urllib.parse import unquote, urlparse

from .version import __version__

DISTRIBUTION = "dialectical-memory"
WHEEL = f"dialectical_memory-{__version__}-py3-none-any.whl"


def installed_from() -> str | None:
    """The checkout folder or wheel file this copy was installed from, when pip recorded one."""
    from importlib import metadata  # on demand: the CLI imports this module at start

    # A checkout's own egg-info (seen first when Python runs from the checkout) has no record: the
    # installed copy's dist-info does.
    for distribution in metadata.distributions(name=DISTRIBUTION):
        try:
            url = json.loads(distribution.read_text("direct_url.json") or "null")["url"]
        except (ValueError, TypeError, KeyError):
            continue
        parsed = urlparse(url)
        if parsed.scheme == "file" and parsed.path:
            return unquote(parsed.path)
    return None


def install_command(extra: str | None = None, *, pip: str = "pip", source: str | None = None) -> str:
    """``pip install '<source>[extra]'`` for ``source`` (default: where this copy came from)."""
    where = source or installed_from()
    if where is None:
        return ""
    return f"{pip} install {shlex.quote(where + (f'[{extra}]' if extra else ''))}"


def install_hint(extra: str | None = None, *, pip: str = "pip") -> str:
    """One line: the command that installs the package (with ``extra``), and where it comes from.
    ``pip`` is the command up to ``install`` (``/path/to/python -m pip``)."""
    suffix = f"[{extra}]" if extra else ""
    known = install_command(extra, pip=pip)
    generic = (
        f"{pip} install '.{suffix}' in a checkout of the dialectical-memory repository, or "
        f"{pip} install 'dist/{WHEEL}{suffix}' after `make wheel` there (it is not on PyPI)"
    )
    return f"{known} (where this copy was installed from; it is not on PyPI)" if known else generic
