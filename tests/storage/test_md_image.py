"""The cached bytes of the .md file always equal a fresh rendering of the entries."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dialectical_memory.storage.hermes_format import dumps
from dialectical_memory.store.state import _replace_entry

PIECES = st.sampled_from(["a", "ab", "b", "a b", "§x", "x§", "用户", "ab\nc", "\n§x"])
ENTRIES = st.lists(st.builds(lambda p, n: f"{p}{n}".strip(), PIECES, st.integers(0, 3)), min_size=1, max_size=6, unique=True)


@settings(max_examples=400, deadline=None)
@given(ENTRIES, st.data())
def test_swapping_one_entry_in_the_cached_bytes_matches_a_full_render(entries, data):
    entries = [e for e in entries if "\n§\n" not in e and e]
    if not entries:
        return
    position = data.draw(st.integers(0, len(entries) - 1))
    new = data.draw(st.text(min_size=1, max_size=8).filter(lambda t: t.strip() == t and "\n§\n" not in t and t not in entries))
    swapped = _replace_entry(dumps(entries).encode("utf-8"), entries[position], new)
    expected = dumps(entries[:position] + [new] + entries[position + 1 :]).encode("utf-8")
    assert swapped is None or swapped == expected
