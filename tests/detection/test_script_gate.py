"""The script gate: a part of an entry in a script no language here reads gets no rule verdict.

Japanese shares characters with Chinese, so the rules once read "ユーザーは肉を食べない" as a Chinese
"meat", dropped its verb-final negation and called the pair with "ユーザーは牛肉を食べる" compatible: a
decision nothing revisits. Korean and Russian they called unrelated, as wrong a guess. Such a pair is
now "not read" (`Label.UNREAD`), open for the judge; Latin letters, digits, symbols and emoji are read.
"""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection import Label, RuleDetector
from dialectical_memory.detection.index import CandidateIndex, index_terms
from dialectical_memory.detection.judge import CallableJudge
from dialectical_memory.detection.scripts import unread_scripts

# Each a contradiction in its language, then a pair that agrees: the rules can tell neither.
UNREAD_PAIRS = [
    ("ユーザーは肉を食べない。", "ユーザーは牛肉を食べる。", "hiragana"),
    ("猫を飼っていない。", "猫を二匹飼っている。", "hiragana"),
    ("ユーザーは東京に住んでいる。", "ユーザーは大阪に住んでいる。", "hiragana"),
    ("ユーザーはコーヒーが好き。", "ユーザーはコーヒーが好きです。", "katakana"),
    ("사용자는 고기를 먹지 않는다.", "사용자는 소고기를 먹는다.", "hangul"),
    ("사용자는 서울에 산다.", "사용자는 부산에 산다.", "hangul"),
    ("Пользователь не ест мясо.", "Пользователь ест говядину.", "cyrillic"),
    ("Пользователь живёт в Берлине.", "Пользователь живёт в Париже.", "cyrillic"),
    ("المستخدم لا يأكل اللحم.", "المستخدم يأكل اللحم.", "arabic"),
    ("User ist Vegetarier und isst kein Fleisch: ύπνος.", "User eats meat every day.", "greek"),
]


@pytest.mark.parametrize(("a", "b", "script"), UNREAD_PAIRS)
def test_a_pair_in_a_script_no_language_reads_is_not_read_either_way(a, b, script):
    for first, second in ((a, b), (b, a)):
        verdict = RuleDetector().compare(first, second)
        assert verdict.label is Label.UNREAD, (first, second, verdict)
        assert verdict.kind == "" and verdict.score == 0.0
        assert script in verdict.reason_data["unread"] and verdict.reason.startswith("not read: ")


def test_a_japanese_entry_beside_a_chinese_one_is_not_read_as_chinese():
    """肉 is a Chinese word too: before the gate the rules called this pair a clean contradiction
    only when the Japanese happened to look like Chinese, and compatible when it negated with ない."""
    verdict = RuleDetector().compare("ユーザーは肉を食べない", "用户吃牛肉。")
    assert verdict.label is Label.UNREAD


@pytest.mark.parametrize(("a", "b", "label"), [
    # look-alikes the gate must leave to the rules: Latin letters with accents, digits, symbols, emoji
    ("User loves the café on the corner.", "User hates the café on the corner.", Label.CONTRADICTION),
    ("User lives in Zürich.", "User lives in Paris.", Label.CONTRADICTION),
    ("User drinks 2 coffees a day ☕ (≈ 200 mg).", "User never drinks coffee.", Label.CONTRADICTION),
    ("用户不吃肉。", "用户吃牛肉。", Label.CONTRADICTION),
    ("User's name is Zoë.", "User's name is Zoë.", Label.COMPATIBLE),
])
def test_latin_accents_digits_symbols_and_emoji_are_read(a, b, label):
    assert unread_scripts(a) == () and unread_scripts(b) == ()
    assert RuleDetector().compare(a, b).label is label


def test_the_read_sentences_of_a_mixed_entry_are_still_judged():
    found = RuleDetector().compare("User lives in Berlin. Пользователь любит чай.", "User lives in Paris.")
    assert found.label is Label.CONTRADICTION and found.kind == "value"
    # and when the read sentences agree, the unread one keeps the pair open
    kept = RuleDetector().compare("User lives in Berlin. Пользователь не любит чай.", "User lives in Berlin. Любит чай.")
    assert kept.label is Label.UNREAD


def test_the_same_text_twice_is_the_same_statement_but_a_different_ending_is_not():
    assert RuleDetector().compare("猫を飼っていない。", "猫を飼っていない。").label is Label.COMPATIBLE
    assert RuleDetector().compare("猫を飼っていない。", "猫を飼っている。").label is Label.UNREAD


def test_unread_words_link_such_entries_in_the_candidate_index():
    """The rules leave the pair open; the judge can only be asked about what the index finds."""
    assert {"мясо", "говядину"}.isdisjoint(index_terms("Пользователь ест мясо.")) is False
    index = CandidateIndex()
    index.add("a", "Пользователь не ест мясо.")
    index.add("b", "User lives in Paris.")
    index.add("c", "사용자는 고기를 먹지 않는다.")
    assert index.candidates("Пользователь ест мясо каждый день.") == ["a"]
    assert index.candidates("사용자는 고기를 먹는다.") == ["c"]


HOME = [text for a, b, _script in UNREAD_PAIRS[:9] for text in (a, b)]


def test_a_home_of_japanese_korean_and_russian_entries_raises_no_flag(tmp_path):
    store = MemoryStore(tmp_path, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    for text in HOME:
        store.add("user", text)
    store.run_maintenance("user")
    assert store.get_contradictions("user") == []


def test_a_pair_the_rules_do_not_read_is_asked_of_the_judge(tmp_path):
    asked: list[tuple[str, str]] = []
    meat, beef = UNREAD_PAIRS[0][:2]

    def judge(a, b):
        asked.append((a, b))
        label = "contradiction" if {a, b} == {meat, beef} else "compatible"
        return {"label": label, "confidence": 0.9, "reason": f"the model says {label}"}

    store = MemoryStore(tmp_path, judge=CallableJudge(judge, "scripted"), memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    for text in [*HOME[2:], meat, beef]:  # newest first: maintenance's judge budget goes to these
        store.add("user", text)
    assert store.get_contradictions("user") == []  # the add path's rules raised nothing
    store.run_maintenance("user")
    assert {frozenset(pair) for pair in asked} >= {frozenset((meat, beef))}
    (edge,) = store.get_contradictions("user")
    assert edge["author"] == "judge:scripted"


def test_is_cjk_answers_as_a_class_of_the_cjk_range_for_every_character():
    """``is_cjk`` is no pattern (compiling the class cost a process's first caller ~4 ms): it finds
    the very characters the class does, alone or after others."""
    import re

    from dialectical_memory.detection.text import CJK_RANGE, is_cjk

    chinese = re.compile(f"[{CJK_RANGE}]")
    differ = [code for code in range(0x110000) if is_cjk(chr(code)) != bool(chinese.search(chr(code)))]
    assert not differ, [hex(code) for code in differ[:10]]
    for text in ("café au lait", "User likes 咖啡", "ⅩⅡ㐀", "\U0002000a𠀊", "Zürich 㐀", ""):
        assert is_cjk(text) == bool(chinese.search(text)), text
