"""Reading an append-only log a chunk at a time: from its end (history pages, `dmem history
--limit`), or from an offset on (what was appended since). Both must give exactly the lines a whole
read would, whatever the chunk size, and skip a line longer than the cap without holding it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dialectical_memory.storage.files import lines_from, lines_from_end

LINES = st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"x")), max_size=30)


def _whole_read(data: bytes, cap: int) -> list[bytes | None]:
    return [line if len(line) <= cap else None for line in data.split(b"\n") if len(line) > cap or line.strip()]


@settings(max_examples=300, deadline=None)
@given(lines=LINES, newline_at_end=st.booleans(), cap=st.integers(1, 50), chunk=st.integers(1, 20))
def test_lines_from_the_end_are_a_whole_read_reversed(tmp_path_factory, lines, newline_at_end, cap, chunk):
    path = tmp_path_factory.mktemp("log") / "x.jsonl"
    data = b"\n".join(lines) + (b"\n" if newline_at_end else b"")
    path.write_bytes(data)
    assert list(lines_from_end(path, max_line=cap, chunk=chunk)) == _whole_read(data, cap)[::-1]


@settings(max_examples=300, deadline=None)
@given(lines=LINES, tail=st.binary(max_size=10).map(lambda b: b.replace(b"\n", b"y")), cap=st.integers(1, 50), chunk=st.integers(1, 20))
def test_lines_from_an_offset_stop_before_an_unfinished_last_line(tmp_path_factory, lines, tail, cap, chunk):
    path = tmp_path_factory.mktemp("log") / "x.jsonl"
    data = b"".join(line + b"\n" for line in lines) + tail  # a last line still being written
    path.write_bytes(data)
    got = list(lines_from(path, 0, max_line=cap, chunk=chunk))
    ends, end = [], 0
    for line in lines:
        end += len(line) + 1
        ends.append((end, line if len(line) <= cap else None))
    assert got == ends
    if got:  # reading on from an offset it gave gives the rest
        middle = got[len(got) // 2][0]
        assert list(lines_from(path, middle, max_line=cap, chunk=chunk)) == [item for item in ends if item[0] > middle]


def test_a_missing_log_reads_as_empty(tmp_path):
    assert list(lines_from_end(tmp_path / "none", max_line=10)) == []
    assert list(lines_from(tmp_path / "none", 0, max_line=10)) == []
