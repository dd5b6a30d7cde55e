"""Generate dialectical_memory/detection/wordnet_antonyms.py from WordNet 3.0.

Usage: python tools/make_antonyms.py [/usr/share/wordnet]   (Debian package `wordnet-base`)

WordNet groups adjectives in clusters: a head synset with a direct antonym
("large" / "small") and satellites similar to it ("spacious" ~ large, "cramped"
~ small). Each antonym pair of heads is one axis; its two poles are the words
of the two clusters. Only words that occur in the tagged corpus (cntlist.rev),
single words, are kept, so the table stays small and its words everyday ones.
Verbs with direct antonyms ("love" / "hate", "accept" / "reject") are added as
axes of two one-synset poles. A word found on several axes keeps them all.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "dialectical_memory" / "detection" / "wordnet_antonyms.py"


def _synsets(path: Path):
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split(" | ")[0].split()
        offset, _lex, ss_type, count = fields[0], fields[1], fields[2], int(fields[3], 16)
        words = [fields[4 + 2 * i].lower() for i in range(count)]
        rest = fields[4 + 2 * count:]
        pointers = []
        for i in range(int(rest[0])):
            symbol, target, pos, source_target = rest[1 + 4 * i: 5 + 4 * i]
            pointers.append((symbol, target, pos, int(source_target[:2], 16), int(source_target[2:], 16)))
        yield offset, ss_type, words, pointers


def _common(root: Path) -> set[str]:
    words = set()
    for line in (root / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _sense, count = line.split()
        if int(count) >= 1:
            words.add(key.split("%")[0])
    return words


def _clean(word: str) -> str | None:
    word = word.split("(")[0]  # "big(a)": a syntactic marker
    return word if word.isalpha() and len(word) > 2 else None


def build(root: Path) -> list[tuple[list[str], list[str]]]:
    common = _common(root)
    axes: list[tuple[list[str], list[str]]] = []
    adjectives = {offset: (ss_type, words, pointers) for offset, ss_type, words, pointers
                  in _synsets(root / "data.adj")}
    cluster: dict[str, set[str]] = defaultdict(set)  # head synset → words of its cluster
    for offset, (ss_type, words, pointers) in adjectives.items():
        if ss_type == "a":
            cluster[offset].update(words)
        for symbol, target, *_ in pointers:
            if symbol == "&" and ss_type == "s":
                cluster[target].update(words)
    seen = set()
    for offset, (ss_type, words, pointers) in adjectives.items():
        for symbol, target, _pos, source, _target_word in pointers:
            if symbol == "!" and ss_type == "a" and (target, offset) not in seen:
                seen.add((offset, target))
                axes.append((_keep(cluster[offset], common), _keep(cluster[target], common)))
    for offset, ss_type, words, pointers in _synsets(root / "data.verb"):
        for symbol, target, _pos, source, target_word in pointers:
            if symbol == "!" and source:
                axes.append((_keep([words[source - 1]], common), [target]))
    verbs = {offset: words for offset, _t, words, _p in _synsets(root / "data.verb")}
    resolved = []
    for left, right in axes:
        if right and right[0].isdigit():  # a verb target offset: its first word
            right = _keep(verbs.get(right[0], [])[:1], common)
        if left and right:
            resolved.append((sorted(set(left)), sorted(set(right))))
    return resolved


def _keep(words, common) -> list[str]:
    return [clean for word in words if (clean := _clean(word)) and word.split("(")[0] in common]


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet")
    axes = build(root)
    unique = sorted({(" ".join(a), " ".join(b)) for a, b in axes if set(a).isdisjoint(b)})
    body = "\n".join(f"{a}|{b}" for a, b in unique)
    OUT.write_text(
        '"""Antonym axes generated from WordNet 3.0 by tools/make_antonyms.py (do not edit).\n\n'
        "One line per axis: the words of one pole, a bar, the words of the other.\n"
        'WordNet 3.0 license: Princeton University, see tools/make_antonyms.py."""\n\n'
        f'AXES = """\n{body}\n"""\n', encoding="utf-8")
    print(f"{len(unique)} axes, {sum(len(a.split()) + len(b.split()) for a, b in unique)} words -> {OUT}")


if __name__ == "__main__":
    main()
