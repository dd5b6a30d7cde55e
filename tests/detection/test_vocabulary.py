"""The lexicon read as terms (detection/terms.py): built when a text is first read, never at import."""

import subprocess
import sys

from dialectical_memory.detection import terms


def test_importing_the_reader_builds_no_vocabulary():
    """Stemming ~4,400 forms took ~30 ms of every process that imported the detector at all."""
    probe = ("from dialectical_memory.detection import terms\n"
             "assert terms.vocabulary.cache_info().currsize == 0, 'built at import'\n"
             "terms.terms('user hates coffee')\n"
             "assert terms.vocabulary.cache_info().currsize == 1\n")
    subprocess.run([sys.executable, "-c", probe], check=True)


def test_the_vocabulary_reads_english_phrases_and_segments_chinese_words():
    known = terms.vocabulary()
    assert ("coffe",) in known.table or ("coffee",) in known.table
    assert known.zh_max_word >= 2 and all(len(word) <= known.zh_max_word for word in known.zh_dictionary)
    read = terms.terms("用户喜欢咖啡")
    assert [t.surface for t in read if t.role == terms.VERB] == ["喜欢"]
