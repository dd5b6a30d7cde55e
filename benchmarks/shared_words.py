"""Small homes whose notes share many words: the homes a real life fills, where people repeat themselves.

:mod:`benchmarks.corpus` draws its notes from ten topics and ten cities, so an add to a small home
meets few entries that share its words. Here every note is about the same drinks in the same cities
("tea coffee Berlin Paris 用户 喜欢 咖啡 北京 上海 …"), so the index gives an add its full set of
candidates and the rules and the same-fact matcher compare every one of them. Each note still says
something of its own (a day, a friend, a number), so an add of :func:`shared_note` is a new entry,
not a fact said again.
"""

from __future__ import annotations

import random
from pathlib import Path

from benchmarks.corpus import build_notes, build_target

DRINKS = ["tea", "coffee", "green tea", "espresso", "black coffee"]
CITIES = ["Berlin", "Paris"]
WHEN = ["on weekends", "after work", "in the morning", "with friends", "before meetings"]
DRINKS_ZH = ["咖啡", "茶", "绿茶", "奶茶"]
CITIES_ZH = ["北京", "上海"]
WHEN_ZH = ["周末", "下班后", "早上", "和朋友一起", "开会前"]
EN = [
    "User drinks {d} in {c} {w} (note {n})",
    "User likes {d} and {d2} in {c} {w} (note {n})",
    "User ordered {d} at a cafe in {c} {w} (note {n})",
    "User bought {d} in {c} for the office (note {n})",
]
ZH = [
    "用户喜欢在{c}喝{d}（记录{n}）",
    "用户{w}在{c}喝{d}和{d2}（记录{n}）",
    "用户喜欢{c}的{d}店（记录{n}）",
]


def shared_text(rng: random.Random, n: int) -> str:
    if rng.random() < 0.5:
        d, d2 = rng.sample(DRINKS, 2)
        return rng.choice(EN).format(d=d, d2=d2, c=rng.choice(CITIES), w=rng.choice(WHEN), n=n)
    d, d2 = rng.sample(DRINKS_ZH, 2)
    return rng.choice(ZH).format(d=d, d2=d2, c=rng.choice(CITIES_ZH), w=rng.choice(WHEN_ZH), n=n)


def shared_note(serial: int) -> str:
    """The text a timed add writes: new (its number), sharing its words with the whole home."""
    if serial % 2:
        return f"User drinks coffee and tea in Berlin and Paris with friends (note {serial} of the trip)"
    return f"用户喜欢在北京和上海喝咖啡和茶（旅行记录{serial}）"


def build_shared(home: Path, target: str, size: int, now: float, seed: int = 3) -> list[str]:
    """Write a target of ``size`` active entries that share their words; returns their texts."""
    return build_notes(home, target, size, now, shared_text, seed)


def tidy_note(serial: int) -> str:
    """The text a timed add writes to a tidy home (:mod:`benchmarks.corpus`): new, and sharing few words."""
    return f"User started a new hobby number {serial} today"


def build_small_home(home: Path, size: int, corpus: str, now: float):
    """The small home of the side-by-side bench: ``size`` memory entries of ``corpus`` ("tidy" or
    "shared") and 10 user entries. Returns the notes a timed add writes (serial → text)."""
    if corpus == "shared":
        build_shared(home, "memory", size, now)
    else:
        build_target(home, "memory", size, now)
    build_target(home, "user", 10, now, seed=11)
    return shared_note if corpus == "shared" else tidy_note


def warmed_small_store(size: int, corpus: str, now: float, prefix: str):
    """A store over a new small home (:func:`build_small_home`, in a temp folder named ``prefix``)
    with its index built, the detector's tables read and its patterns compiled, as for run.py's
    timed adds. Returns the store and the notes a measured add writes (serial → text)."""
    import tempfile

    from dialectical_memory import MemoryStore

    home = Path(tempfile.mkdtemp(prefix=prefix)) / "home"
    note = build_small_home(home, size, corpus, now)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    for text in ("Warm-up entry that builds the candidate index", *map(note, (0, *range(1001, 1006)))):
        store.add("memory", text)
        store.remove("memory", text)
    return store, note
