"""Every claim has a holder; claims about different holders never contradict."""

import pytest

from dialectical_memory.detection.holders import entry_holder
from judging import flags


@pytest.mark.parametrize(("text", "holder"), [
    ("Anna works at Siemens.", "person:anna"),
    ("Maya doesn't own a car.", "person:maya"),
    ("User's friend Lucy works at Amazon.", "person:lucy"),
    ("王芳在华为工作。", "person:王芳"),
    ("Project atlas uses Python 3.12.", "project:atlas"),
    ("项目 ember 用 Java 8。", "project:ember"),
    ("The weekly meeting moved to Friday.", "thing:the weekly meeting"),
    ("User works at Siemens.", ""),
    ("He can drink most people under the table.", ""),
    ("用户在华为工作。", ""),
    ("One beer is enough to get him drunk.", ""),
])
def test_entry_holder_names_who_the_entry_is_about(text, holder):
    assert entry_holder(text) == holder


@pytest.mark.parametrize(("a", "b"), [
    ("Anna works at Siemens.", "Ben works at Spotify."),
    ("王芳在华为工作。", "李强在腾讯工作。"),
    ("Project atlas uses Python 3.12.", "Project ember uses Python 3.9."),
    ("项目 ember 用 Java 8。", "项目 atlas 用 Java 17。"),
    ("Project atlas deploys on Fridays.", "Project ember never deploys on Fridays."),
    ("Anna edits atlas in Neovim.", "Ben edits ember in Emacs."),
    ("Anna works at Siemens.", "User works at Spotify."),
])
def test_claims_about_different_holders_never_contradict(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Maya doesn't own a car.", "Maya owns a car."),
    ("Anna works at Siemens.", "Anna works at Spotify."),
    ("项目 ember 用 Java 8。", "项目 ember 用 Java 17。"),
])
def test_claims_about_one_holder_still_contradict(a, b):
    assert flags(a, b)


def test_a_meeting_moved_to_a_weekday_is_not_a_place_to_live():
    assert not flags("User's team meeting moved to Monday.", "User lives in Berlin.")


# --- typed possessive slots and antonyms (rules by category) ---------------------

@pytest.mark.parametrize(("a", "b"), [
    ("User's default shell is zsh.", "User's default shell is fish."),
    ("User's blood type is O+.", "User's blood type is A-."),
    ("Project atlas's primary database is MySQL 8.", "Project atlas's primary database is PostgreSQL 15."),
    ("项目 ember 的负责人是李强。", "项目 ember 的负责人是王芳。"),
    ("用户的母语是粤语。", "用户的母语是闽南语。"),
])
def test_two_names_for_one_possessive_slot_contradict(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User's apartment is spacious.", "User's apartment is bright."),
    ("User's manager is very strict.", "User's manager is very fair."),
    ("用户的导师要求很严格。", "用户的导师很年轻。"),
])
def test_two_descriptions_of_one_thing_do_not_contradict(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User's desk is always tidy.", "User's desk is always messy."),
    ("User likes a quiet office.", "User likes a noisy office."),
    ("用户喜欢安静的咖啡馆。", "用户喜欢热闹的咖啡馆。"),
    ("User's commute is long.", "User's commute is short."),
])
def test_wordnet_and_bilingual_antonyms_in_one_frame_contradict(a, b):
    assert flags(a, b)


def test_an_antonym_in_another_frame_does_not_contradict():
    assert not flags("User likes a quiet office.", "User has a noisy neighbour.")
