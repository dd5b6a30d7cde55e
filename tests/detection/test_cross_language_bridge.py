"""An English entry and a Chinese one meet on words outside the hand-written concept tables, through a
table generated from CC-CEDICT (tools/make_bridge.py). Their pairs: the set `bridge` of
`pairs/cross_language.jsonl` (where its rows came from, and its floor, in `pairs/floors.toml`)."""

from pathlib import Path

import pytest

from dialectical_memory.detection import Label, bridge
from dialectical_memory.detection.index import index_terms
from judging import flags, label


@pytest.mark.parametrize("a, b", [
    ("User likes classical music.", "用户不喜欢古典音乐。"),
    ("User loves going to museums.", "用户觉得逛博物馆特别无聊。"),
    ("User hates jazz.", "用户很喜欢爵士乐。"),
    ("用户喜欢吃榴莲。", "User can't stand durian."),
    ("User loves eggplant.", "用户不吃茄子。"),
    ("User's manager is called Priya.", "用户的经理叫王磊。"),
    ("用户的房东叫李强。", "User's landlord is called Mark."),
    ("User's laptop is very heavy.", "用户的笔记本电脑很轻。"),
])
def test_words_outside_the_concept_tables_meet_across_languages(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("User likes classical music.", "用户的妈妈不喜欢古典音乐。"),  # another holder
    ("User hates jazz.", "用户以前很喜欢爵士乐。"),  # the past
    ("User's manager is called Priya.", "用户的同事叫王磊。"),  # another role
    ("User's dentist is called Dr. Lee.", "用户的医生叫张伟。"),
    ("User works at Apple.", "用户不喜欢吃苹果。"),  # the company is not the fruit
    ("User uses a Xiaomi phone.", "用户不爱喝小米粥。"),  # nor the brand the millet
    ("User drives a Tesla Model 3.", "用户不喜欢读尼古拉·特斯拉的传记。"),
    ("User doesn't like opera.", "用户喜欢听古典音乐。"),
    ("User loves the violin.", "用户不会拉小提琴。"),
    ("User prefers light meals.", "用户的电脑很重。"),
])
def test_look_alikes_do_not_flag(a, b):
    assert label(a, b) is not Label.CONTRADICTION


def test_table_keeps_common_words_and_leaves_out_names():
    glosses = bridge._glosses()
    assert glosses["博物馆"] == "museum" and glosses["经理"] == "manager" and glosses["古典"] == "classical"
    assert not glosses.get("小米") and not glosses.get("特斯拉")  # also names: Xiaomi, Tesla
    assert bridge.english_words("深圳南山区") == ()  # 南山 is a name: no 山区 "mountain area" cut from it
    assert all(2 <= len(word) <= 5 for word in glosses)
    assert 10_000 <= sum(map(bool, glosses.values())) <= 40_000
    header = (Path(bridge.__file__).with_name("bridge.tsv")).read_text(encoding="utf-8").splitlines()[0]
    assert "CC-CEDICT" in header and "CC BY-SA 4.0" in header


def test_the_table_built_by_columns_holds_what_reading_it_row_by_row_gives():
    """The table is built from its two columns in C calls (a third of a first search at 100,000
    entries was building it row by row): the same word for every gloss, names included."""
    from dialectical_memory.detection import bundled, languages

    by_rows = {word: gloss for gloss, words in bundled.rows("bridge.tsv") for word in words.split()}
    assert bridge._glosses() == {**by_rows, **languages.table("bridge", "pastimes")}


def test_only_words_the_lexicon_left_unknown_are_read_in_english():
    assert bridge.english_words("逛博物馆")[0][:2] == ("博物馆", ("museum",))
    # "音乐" is a concept already: its unit is not a bigram, so it stays as the lexicon reads it
    assert bridge.bridged_units(frozenset({"music", "古典"}), "不喜欢古典音乐") == {"music", "classical"}
    assert bridge.bridged_units(frozenset({"coffee"}), "喝咖啡") == {"coffee"}
    # a word split around a word the lexicon knows: 图 | 书 (book) | 馆
    assert bridge.bridged_units(frozenset({"book", "图", "馆"}), "不喜欢去图书馆") == {"librari"}


def test_entries_of_one_language_are_not_bridged():
    assert not bridge.mixed("用户喜欢古典音乐。", "用户不喜欢古典音乐的唱片。")
    assert not bridge.mixed("User likes museums.", "User hates museums.")
    assert bridge.mixed("User likes museums.", "用户讨厌博物馆。")


def test_a_chinese_entry_indexes_its_words_in_english():
    shared = index_terms("User loves going to museums.") & index_terms("用户觉得逛博物馆特别无聊。")
    assert "#museum" in shared
    assert "museum" not in index_terms("用户觉得逛博物馆特别无聊。")  # a feature, never a word
