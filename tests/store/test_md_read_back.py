"""The first add after a load writes the ``.md`` file from the bytes it read when those bytes are
exactly the entries joined again (a file read back as written), and from the entries otherwise: a
file with blank or repeated entries, spaces around one, CRLF line ends or a byte-order mark is
written in Hermes' form, never extended as it was read."""

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.storage import hermes_format

NEW = "User keeps bees on the roof"

FILES = {
    "as written": "User drinks tea\n§\n用户住在北京\n§\nUser walks to work",
    "one entry": "User drinks tea",
    "CRLF line ends": "User drinks tea\r\nevery day\n§\nUser walks to work",
    "a blank entry": "User drinks tea\n§\n\n§\nUser walks to work",
    "a repeated entry": "User drinks tea\n§\nUser walks to work\n§\nUser drinks tea",
    "spaces around an entry": "User drinks tea  \n§\n  User walks to work",
    "a trailing delimiter": "User drinks tea\n§\nUser walks to work\n§\n",
    "a trailing newline": "User drinks tea\n§\nUser walks to work\n",
    "a byte-order mark": "\ufeffUser drinks tea\n§\nUser walks to work",
}


@pytest.mark.parametrize("content", FILES.values(), ids=FILES.keys())
def test_the_first_add_after_a_load_writes_the_entries_in_hermes_form(tmp_path, content):
    (tmp_path / "MEMORY.md").write_bytes(content.encode("utf-8"))
    store = MemoryStore(tmp_path)
    store.load_from_disk()
    read = hermes_format.loads(content)
    assert store.add("memory", NEW).success
    assert (tmp_path / "MEMORY.md").read_bytes() == hermes_format.dumps([*read, NEW]).encode("utf-8")


def test_a_reload_after_another_program_wrote_keeps_its_form(tmp_path):
    store = MemoryStore(tmp_path)
    store.add("memory", "User drinks tea")
    (tmp_path / "MEMORY.md").write_bytes("User drinks tea\r\n§\r\n  User walks to work \n§\n".encode("utf-8"))
    store.load_from_disk()
    store.add("memory", NEW)
    assert (tmp_path / "MEMORY.md").read_bytes() == hermes_format.dumps(["User drinks tea", "User walks to work", NEW]).encode("utf-8")
