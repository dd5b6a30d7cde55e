"""Facts about the text people wrote, shared by the presenters and the plain-words reasons.

Plain functions of a string: no request, no store, no other web module.
"""

from __future__ import annotations


def contains_cjk(text: str) -> bool:
    """Whether ``text`` has a Chinese (CJK) character: such text is marked ``lang="zh"`` and its
    contradiction reasons are written in Chinese."""
    return any("\u3000" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" for char in text or "")
