"""detection/lexical.py: the words a search reads, and BM25 held to bm25s's scores."""

from __future__ import annotations

import random

import pytest

from dialectical_memory.detection.lexical import BM25, document_tokens, tokens, words


def test_english_words_are_folded_stemmed_and_whole():
    assert words("User DRINKS green tea", everything=True) == ("user", "drink", "green", "tea")
    assert "tea" not in words("User ordered a steak") and "tea" not in words("instead of teaching")
    assert tokens("What does the user drink?") == ["drink"]


def test_question_words_are_dropped_unless_nothing_else_is_left():
    assert tokens("where does the user live") == tokens("lives") == ["liv"]
    assert tokens("user") == ["user"]
    assert tokens("用户住在哪里")[0] == "住" and "哪" not in tokens("用户住在哪里")


def test_chinese_is_read_as_characters_and_pairs_between_function_words():
    assert words("喝绿茶的人") == ("喝", "绿", "茶", "喝绿", "绿茶", "人")
    assert words("喝绿茶的人", everything=True)[-2:] == ("茶的", "的人")


def _pieces_one_position_at_a_time(run: str, stops: frozenset[str]) -> list[str]:
    """The cut as written out: at each position the longest function word there (four characters
    at most), else one character on."""
    pieces, start, at = [], 0, 0
    while at < len(run):
        for length in range(min(4, len(run) - at), 0, -1):
            if run[at : at + length] in stops:
                pieces += [run[start:at]] if at > start else []
                at += length
                start = at
                break
        else:
            at += 1
    return pieces + ([run[start:]] if start < len(run) else [])


@pytest.mark.parametrize("seed", range(3))
def test_a_chinese_run_is_cut_at_the_longest_function_word_at_each_position(seed):
    from dialectical_memory.detection.lexical import _chinese_pieces, _stop_words

    stops = _stop_words()[1] | {"有没有人", "五个字以上"}  # one of four characters, one never cut at
    rng = random.Random(seed)
    parts = [*stops, *"喝绿茶人书馆有没是不"]
    for _ in range(300):
        run = "".join(rng.choice(parts) for _ in range(rng.randint(0, 12)))
        assert _chinese_pieces(run, stops) == _pieces_one_position_at_a_time(run, stops), run
    assert _chinese_pieces("有没有人来", stops) == ["来"] and _chinese_pieces("喝茶", frozenset()) == ["喝茶"]


def test_the_bridge_adds_english_to_chinese_text():
    assert {"oolong", "tea"} <= set(tokens("用户喝乌龙茶"))
    assert "drink" in tokens("用户喝乌龙茶")  # search_bridge.tsv: 喝
    assert "tea" in document_tokens("用户喝乌龙茶") and not set(tokens("User drinks tea")) - {"drink", "tea"}


def _corpus(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(40)]
    return [[rng.choice(vocabulary) for _ in range(rng.randint(1, 12))] for _ in range(60)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bm25_scores_are_bm25s_scores(seed):
    bm25s = pytest.importorskip("bm25s")
    corpus = _corpus(seed)
    reference = bm25s.BM25()  # its default: method "lucene", k1 1.5, b 0.75
    reference.index(corpus, show_progress=False)
    ours = BM25()
    for doc, terms in enumerate(corpus):
        ours.add(str(doc), terms)
    for query in (["w1"], ["w2", "w7", "w7"], ["w3", "w39", "w11", "nowhere"]):
        expected = reference.get_scores(list(dict.fromkeys(query)))  # ours counts a repeated term once
        got = ours.scores(query)
        for doc in range(len(corpus)):
            assert got.get(str(doc), 0.0) == pytest.approx(float(expected[doc]), rel=1e-5, abs=1e-6)


def test_bm25_takes_documents_in_and_out_one_at_a_time():
    corpus = _corpus(4)
    whole = BM25()
    for doc, terms in enumerate(corpus[:50]):
        whole.add(str(doc), terms)
    changing = BM25()
    for doc, terms in enumerate(corpus):
        changing.add(str(doc), terms)
    for doc in range(50, 60):
        changing.remove(str(doc))
    changing.add("3", corpus[3])  # re-adding replaces
    assert changing.scores(["w5", "w9"]) == pytest.approx(whole.scores(["w5", "w9"]))
    assert len(changing) == 50 and "55" not in changing


class _CountedTexts(dict):
    """Texts that count how often they are walked through whole."""

    walks = 0

    def __iter__(self):
        type(self).walks += 1
        return super().__iter__()


def test_a_read_in_parts_goes_on_where_it_stopped():
    texts = _CountedTexts({f"e{n}": f"User note number {n} about tea" for n in range(300)})
    index = BM25()
    left = index.sync(texts, deadline=0.0, at_least=50)  # a deadline already past: 50 a part
    parts = 1
    while left:
        left = index.sync(texts, deadline=0.0, at_least=50)
        parts += 1
    assert parts == 6 and len(index) == 300
    assert _CountedTexts.walks == 1  # not walked again for each part (100,000 entries: 50 s of CPU)
    assert index.sync(texts) == 0 and _CountedTexts.walks == 1
    changed = _CountedTexts({**texts, "e7": "User drinks coffee"})
    del changed["e8"]
    assert index.sync(changed) == 0
    assert len(index) == 299 and "e7" in index.scores(["coffe"]) and "e8" not in index.scores(["tea"])


def test_a_reader_takes_the_newest_unread_part_and_puts_in_what_is_still_wanted():
    """unread/put_read: a thread finds a part's terms holding nothing, and puts them in after."""
    texts = _CountedTexts({f"e{n}": f"User note number {n} about tea" for n in range(10)})
    _CountedTexts.walks = 0
    index = BM25()
    part = index.unread(texts, 4)
    assert [doc for doc, _text in part] == ["e9", "e8", "e7", "e6"] and len(index) == 0  # newest first, none read
    index.put_read(texts, [(doc, text, document_tokens(text)) for doc, text in part])
    assert len(index) == 4 and [doc for doc, _text in index.unread(texts, 4)] == ["e5", "e4", "e3", "e2"]
    while part := index.unread(texts, 4):
        index.put_read(texts, [(doc, text, document_tokens(text)) for doc, text in part])
    assert len(index) == 10 and _CountedTexts.walks == 1  # one walk for the whole read
    changed = {**texts, "e3": "User drinks coffee"}
    del changed["e4"]
    assert index.unread(changed, 4) == [("e3", "User drinks coffee")] and "e4" not in index  # the gone one dropped
    stale = [("e3", "User drinks tea again", ["tea"])]  # read from an older text than the one wanted now
    index.put_read(changed, stale)
    assert "e3" not in index.scores(["tea"])
    index.put_read(changed, [("e3", "User drinks coffee", document_tokens("User drinks coffee"))])
    assert index.unread(changed, 4) == [] and index.sync(changed) == 0 and "e3" in index.scores(["coffe"])


def test_a_few_new_documents_of_a_large_mapping_are_read_newest_first():
    """After an add, the one or two documents missing are found from the mapping's end, in its order."""
    texts = {f"e{n}": f"User note number {n} about tea" for n in range(300)}
    index = BM25()
    index.sync(texts)
    changed = {}
    for n, (doc, text) in enumerate(texts.items()):
        changed[doc] = text
        if n == 10:
            changed["middle"] = "User drinks coffee"
    changed["last"] = "User drinks cocoa"
    changed["e20"] = "User drinks mate"  # another text under an id already read: read again
    assert [doc for doc, _text in index.unread(changed, 5)] == ["last", "e20", "middle"]
    assert index.sync(changed) == 0 and len(index) == 302 and "e20" in index.scores(tokens("mate"))


def test_documents_share_one_copy_of_each_term():
    index = BM25()
    index.add("a", ["".join(["te", "a"])])
    index.add("b", ["".join(["t", "ea"])])
    assert next(iter(index.terms_of("a"))) is next(iter(index.terms_of("b")))


def test_reading_the_newest_first_then_syncing_holds_what_one_sync_holds():
    """A first search of a large home reads its newest entries as it goes (read_newest), ``at_least``
    of them whatever the time; synced later with every text, the index scores and orders as one
    read of them all at once."""
    texts = {f"d{n}": f"User reads book {n} about {'tea' if n % 2 else '绿茶'}" for n in range(10)}
    whole = BM25()
    whole.sync(texts)
    part = BM25()
    part.read_newest(reversed(texts.items()), deadline=0.0, at_least=3)
    assert len(part) == 3 and all(doc in part for doc in ("d9", "d8", "d7"))
    part.read_newest(reversed(texts.items()), deadline=0.0, at_least=2)  # those held are not read again
    assert len(part) == 5 and "d5" in part and "d4" not in part
    part.sync(texts)
    for query in (["book"], ["tea"], tokens("绿茶")):
        assert list(part.scores(query).items()) == list(whole.scores(query).items())
