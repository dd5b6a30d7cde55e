"""What a rule reads from one side of a pair is read once and kept with that side (detection/memo.py):
never stale for a changed text, no part of what an analysis is, and gone with its owner."""

from __future__ import annotations

import dataclasses
import gc
import weakref
from collections import Counter

from dialectical_memory.detection import antonym_frames, rules
from dialectical_memory.detection.analysis import Claim, analyse
from dialectical_memory.detection.base import Label
from dialectical_memory.detection.binding import entry_introductions
from dialectical_memory.detection.holders import HomeHolders
from dialectical_memory.detection.memo import kept
from dialectical_memory.detection.rules import RuleDetector


def test_what_one_side_says_is_read_once_however_many_pairs_it_is_in(monkeypatch):
    """An add compares its entry with each candidate: the entry's claims are read once, not per pair."""
    read = Counter()
    said_to_someone = antonym_frames._said_to_someone

    def counting(claim):
        read[claim.text] += 1
        return said_to_someone(claim)

    monkeypatch.setattr(antonym_frames, "_said_to_someone", counting)
    detector = RuleDetector()
    verdicts = [detector.compare(stored, "User's room is clean.")
                for stored in ("User's room is messy.", "User's room is dirty.", "User's room is untidy.",
                               "User's room is chaotic.")]
    assert any(verdict.label is Label.CONTRADICTION for verdict in verdicts)
    assert read["room is clean"] == 1, read


def test_a_changed_text_gets_its_own_answer():
    neat, messy = "User's handwriting is neat.", "User's handwriting is messy."
    detector = RuleDetector()
    assert detector.compare(neat, messy).label is Label.CONTRADICTION
    assert detector.compare(neat, "User's handwriting is neat.").label is not Label.CONTRADICTION
    assert detector.compare(neat, "Ada reminds her son that his handwriting is messy.").label is not Label.CONTRADICTION
    assert rules._side(analyse("User can't swim.")).cues != rules._side(analyse("User's room is clean.")).cues


def test_a_replaced_claim_starts_with_an_empty_memo():
    claim = next(claim for claim in analyse("User's room is clean.").claims if claim.text)
    assert kept(claim, antonym_frames._said_to_someone) is False
    told = dataclasses.replace(claim, text="reminds her son that his room is clean")
    assert told.memo == {}
    assert kept(told, antonym_frames._said_to_someone) is True
    assert kept(claim, antonym_frames._said_to_someone) is False


def test_another_deriving_function_is_asked_afresh():
    claim = Claim(text="likes tea", sign=1)
    assert kept(claim, lambda owner: owner.text.upper()) == "LIKES TEA"
    assert kept(claim, lambda owner: owner.text.title()) == "Likes Tea"


def test_the_memo_is_no_part_of_what_an_analysis_is():
    """Analyses and claims are compared and hashed by their fields (lru caches are keyed by them)."""
    analysis = analyse("User's room is clean.")
    rules._side(analysis)
    fresh = dataclasses.replace(analysis)
    assert fresh is not analysis and fresh.memo == {}
    assert fresh == analysis and hash(fresh) == hash(analysis)
    assert dataclasses.replace(analysis.claims[0]) == analysis.claims[0]


def test_the_memo_goes_with_its_owner():
    """Nothing outside the owner holds what is kept (the cue cache this replaced held analyses)."""
    claim = Claim(text="reminds her son that his room is clean", sign=1)
    kept(claim, antonym_frames._said_to_someone)
    analysis = dataclasses.replace(analyse("User's room is clean."))
    rules._side(analysis)
    owners = [weakref.ref(claim), weakref.ref(analysis)]
    del claim, analysis
    gc.collect()
    assert [owner() for owner in owners] == [None, None]


def test_an_entry_is_read_once_in_its_home_however_many_adds_meet_it(monkeypatch):
    """What the rules read of an entry (its parts and their sides) is kept by the home's detector: a
    stored entry met by add after add is read once, and the store's detector gives the same home's
    detector back while the home names the same holders."""
    read = Counter()
    read_parts = rules._read_parts

    def counting(text, home):
        read[text] += 1
        return read_parts(text, home)

    monkeypatch.setattr(rules, "_read_parts", counting)
    store_detector, holders = RuleDetector(), HomeHolders()
    stored = "User's room is messy."
    for new in ("User's room is clean.", "User's room is tidy.", "User's room is neat.", "User's desk is clean."):
        store_detector.in_home(holders).contradiction(stored, new)
    assert store_detector.in_home(holders) is store_detector.in_home(holders)
    assert read[stored] == 1, read


def test_what_an_entry_reads_in_one_home_never_serves_another():
    """One store, two homes read alternately: a machine named in one home ("quill") is the user in the
    other, and each home's detector answers by its own holders."""
    quill, user = "quill runs Fedora 40.", "User runs Windows 11."
    defined = "quill = her work laptop: a ThinkPad."
    machines = HomeHolders.learn([entry_introductions(defined), entry_introductions(quill)])
    assert machines.holder_of("quill") == "machine:quill"
    store_detector = RuleDetector()
    for _ in range(2):
        assert store_detector.in_home(HomeHolders()).contradiction(quill, user) is not None
        assert store_detector.in_home(machines).contradiction(quill, user) is None
    # holders equal to an earlier set, in a new object: a new home's detector, reading afresh
    assert store_detector.in_home(HomeHolders.learn([])).contradiction(quill, user) is not None
