"""The detector's patterns are compiled on first use (see core.regex_cues.LazyPattern)."""

from __future__ import annotations

import re

import pytest

from dialectical_memory.core.regex_cues import LazyPattern
from dialectical_memory.detection.text import lazy_compile


def test_a_pattern_is_compiled_only_when_first_used():
    broken = lazy_compile("(unclosed")  # creating it compiles nothing
    assert broken.pattern == "(unclosed"
    with pytest.raises(re.error):
        broken.search("text")


def test_a_used_pattern_behaves_as_re_compile_would():
    lazy, eager = lazy_compile(r"(?P<word>b\w+)", re.IGNORECASE), re.compile(r"(?P<word>b\w+)", re.IGNORECASE)
    text = "a Big blue bird"
    assert lazy.search(text)["word"] == eager.search(text)["word"] == "Big"
    assert [m.group() for m in lazy.finditer(text)] == [m.group() for m in eager.finditer(text)]
    assert lazy.sub("-", text) == eager.sub("-", text)
    assert (lazy.groups, lazy.groupindex, lazy.flags) == (eager.groups, eager.groupindex, eager.flags)
    assert lazy.search(text).re is lazy.compiled


def test_only_pattern_attributes_are_offered():
    with pytest.raises(AttributeError):
        LazyPattern("x").no_such_thing  # noqa: B018


def test_importing_the_detector_compiles_almost_nothing():
    """A one-shot command pays for the patterns it uses, not for all ~440 (see LazyPattern)."""
    import subprocess
    import sys

    code = (
        "import re._compiler as compiler\n"
        "count, real = [0], compiler.compile\n"
        "def counting(*args, **kwargs):\n"
        "    count[0] += 1\n"
        "    return real(*args, **kwargs)\n"
        "compiler.compile = counting\n"
        "import dialectical_memory.store.memory_store\n"
        "before = count[0]\n"
        "import dialectical_memory.detection\n"
        "print(count[0] - before)\n"
    )
    compiled = int(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout)
    assert compiled < 20, f"{compiled} patterns compiled at import"
