"""The words cache (store/words_cache.py): a new process's search reads no text a search of an earlier
one read, a text changed since is read again, and the file is untrusted derived data."""

from __future__ import annotations

import logging

import orjson
import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection import lexical
from dialectical_memory.storage import hermes_format
from dialectical_memory.store import warm_up, words_cache

NOTES = [f"User keeps a diary of chess games, volume {n}" for n in range(80)] + [
    "User lives in Lisbon and walks to work", "用户喜欢喝乌龙茶"]


def _home(home):
    home.mkdir(parents=True)
    (home / "MEMORY.md").write_text(hermes_format.dumps(NOTES), encoding="utf-8")
    return home


def _store(home) -> MemoryStore:
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    return store


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """Every text a search reads into its terms."""
    seen: list[str] = []
    tokens = lexical.document_tokens
    monkeypatch.setattr(lexical, "document_tokens", lambda text: seen.append(text) or tokens(text))
    return seen


def _cache_file(home):
    return words_cache.words_path(home, "MEMORY")


def _answer(store, query="where does the user live"):
    return [hit.entry.text for hit in store.search(query, "memory", semantic=False).items]


def test_a_new_process_searches_without_reading_the_texts_an_earlier_search_read(home, reads):
    first = _answer(_store(_home(home)))
    assert len(reads) == len(NOTES) and _cache_file(home).exists()
    reads.clear()
    assert _answer(_store(home)) == first  # the same answer, in the same order
    assert reads == []


def test_a_text_changed_since_is_read_again_and_only_it(home, reads):
    store = _store(_home(home))
    _answer(store)
    store.replace("memory", "Lisbon", "User lives in Porto and walks to work")
    reads.clear()
    assert _answer(_store(home), "Porto")[0] == "User lives in Porto and walks to work"
    assert reads == ["User lives in Porto and walks to work"]


def test_fewer_new_texts_than_the_save_threshold_leave_the_file_as_it_is(home, reads):
    _answer(_store(_home(home)))
    before = _cache_file(home).read_bytes()
    store = _store(home)
    store.add("memory", "User started learning the cello")
    _answer(store, "cello")
    assert _cache_file(home).read_bytes() == before


@pytest.mark.parametrize("damage", [
    b"not json at all",
    b'{"version": 2, "fingerprint": "x", "words": {}}',
    b'{"version": 1, "fingerprint": "another code", "words": {}}',
    "planted terms",
    "a key that is no hash",
    "a term too long",
])
def test_a_damaged_or_planted_file_reads_as_empty_and_the_next_search_replaces_it(home, reads, caplog, damage):
    first = _answer(_store(_home(home)))
    document = orjson.loads(_cache_file(home).read_bytes())
    key = next(iter(document["words"]))
    if damage == "planted terms":
        document["words"][key] = {"not": "a list"}
    elif damage == "a key that is no hash":
        document["words"]["../../etc/passwd" + "0" * 16] = ["x"]
    elif damage == "a term too long":
        document["words"][key] = ["x" * (words_cache.MAX_TERM_CHARS + 1)]
    _cache_file(home).write_bytes(orjson.dumps(document) if isinstance(damage, str) else damage)
    reads.clear()
    with caplog.at_level(logging.WARNING):
        assert _answer(_store(home)) == first
    assert len(reads) == len(NOTES)  # every text read again: nothing of the file was used
    assert "words cache" in caplog.text and "discarded" in caplog.text
    assert orjson.loads(_cache_file(home).read_bytes())["fingerprint"] == words_cache.fingerprint()


def test_a_file_larger_than_the_bound_is_discarded_before_it_is_read(home, reads, monkeypatch, caplog):
    _answer(_store(_home(home)))
    monkeypatch.setattr(words_cache, "MAX_BYTES", 100)
    reads.clear()
    with caplog.at_level(logging.WARNING):
        _answer(_store(home))
    assert "larger than 100 bytes" in caplog.text and len(reads) == len(NOTES)


def test_the_warm_up_uses_the_file_and_writes_none(home, reads):
    store = _store(_home(home))
    store.warm_up()
    warm_up.wait()
    assert not _cache_file(home).exists()  # a warm-up writes nothing of a home
    reads.clear()
    _answer(store)
    assert reads == [] and _cache_file(home).exists()  # the first search keeps what the warm-up read
    reads.clear()
    warmed = _store(home)
    warmed.warm_up()
    warm_up.wait()
    assert reads == []  # read from the file


def test_a_home_that_cannot_be_written_goes_without(home, reads, monkeypatch):
    store = _store(_home(home))

    def refused(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr("dialectical_memory.storage.files.write_temp", refused)
    assert _answer(store)  # the search answers all the same
    assert not _cache_file(home).exists()


def test_a_search_that_reads_a_few_texts_never_opens_the_file(home, monkeypatch):
    """Opening the file (parsing every record) costs more than reading a few texts."""
    opened = []
    opener = words_cache.WordsCache.opened.__func__
    monkeypatch.setattr(words_cache.WordsCache, "opened", classmethod(lambda cls, path: opened.append(path) or opener(cls, path)))
    home.mkdir(parents=True)
    (home / "MEMORY.md").write_text(hermes_format.dumps(NOTES[:10]), encoding="utf-8")
    assert _answer(_store(home), "chess")
    assert opened == [] and not _cache_file(home).exists()
    (home / "MEMORY.md").write_text(hermes_format.dumps(NOTES), encoding="utf-8")
    assert _answer(_store(home), "chess")
    assert opened == [_cache_file(home)] and _cache_file(home).exists()


def test_a_one_shot_search_through_the_file_loads_no_openssl_and_no_logging(home):
    """What a read may load (tests/core/test_architecture.py): the file's hashes are hashlib's own
    blake2b without the OpenSSL its import loads, and the logger loads only to warn."""
    import subprocess
    import sys

    _answer(_store(_home(home)))
    code = ("import sys; from dialectical_memory.adapters.cli import main; main(sys.argv[1:]); "
            "print('\\n', *sorted(m for m in ('_hashlib', 'logging') if m in sys.modules))")
    for _run in range(2):  # the first run may rewrite the file; the second reads it as it is
        out = subprocess.run([sys.executable, "-c", code, "--home", str(home), "search", "chess diary"],
                             capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1].strip() == "", out
