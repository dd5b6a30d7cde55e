"""A single-valued slot is single per holder, and a home names its holders: machines, projects,
people, the user by name. Learnt from the entries themselves, passed to the detector by the store."""

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection import Label, RuleDetector
from dialectical_memory.detection.binding import entry_introductions
from dialectical_memory.detection.holders import HomeHolders, entry_holder
from dialectical_memory.detection.index import CandidateIndex
from dialectical_memory.detection.index_file import read_index, write_index
from judging import flags

# A home of our own: two machines, a project, a partner, the user by name.
HOME = [
    "pike = her work laptop: Dell XPS 13, running Fedora 40.",
    "ember 是客厅里的台式机：Windows 11，主要用来打游戏。",
    "pike's battery is down to 80% health.",
    "ember 每晚十一点自动关机。",
    "ledger-sync is her Rust CLI that imports bank exports; CI on GitHub Actions.",
    "ledger-sync's minimum supported Rust version is 1.75.",
    "Her partner Ravi Menon works as a nurse.",
    "用户叫周晓岚（Zhou Xiaolan），住在里昂。",
]


def _home(*extra: str) -> RuleDetector:
    return RuleDetector(HomeHolders.learn(entry_introductions(text) for text in (*HOME, *extra)))


def _flags_in(detector: RuleDetector, a: str, b: str) -> bool:
    forward, backward = detector.compare(a, b).label, detector.compare(b, a).label
    assert forward is backward, (a, b)
    return forward is Label.CONTRADICTION


def test_a_home_learns_its_machines_projects_relatives_and_the_users_own_names():
    names = dict(HomeHolders.learn(entry_introductions(text) for text in HOME).names)
    assert names["pike"] == "machine:pike" and names["ember"] == "machine:ember"
    assert names["ledger-sync"].endswith(":ledger-sync")
    assert names["ravi"] == names["ravi menon"] == "partner"
    assert names["周晓岚"] == names["晓岚"] == names["xiaolan"] == ""


@pytest.mark.parametrize("text", [
    "Phone: a Pixel 8 on Android 15.",  # a heading, not a holder
    "Runs on weekends, never on weekdays.",  # a place once, never a subject
    "keeps notes in Obsidian.",  # a verb at the head of a note
    "TypeScript conventions: named exports only.",  # "named" is no naming here
])
def test_words_that_head_an_entry_are_no_holders_by_themselves(text):
    assert not HomeHolders.learn([entry_introductions(text), entry_introductions(text)])


def test_a_name_met_twice_as_a_subject_is_a_holder_once_only_is_not():
    once = HomeHolders.learn([entry_introductions("tarn runs nightly backups.")])
    twice = HomeHolders.learn([entry_introductions("tarn runs nightly backups."),
                               entry_introductions("tarn's disk is nearly full.")])
    assert not once and dict(twice.names)["tarn"].endswith(":tarn")


@pytest.mark.parametrize(("a", "b"), [
    ("pike = her work laptop: Dell XPS 13, running Fedora 40.", "ember 是客厅里的台式机：Windows 11，主要用来打游戏。"),
    ("ledger-sync's minimum supported Rust version is 1.75.", "Her other CLI, tallow, needs Rust 1.80."),
    ("Editors: Neovim on pike, VS Code on ember.", "ember uses VS Code for everything."),
    ("Her partner Ravi Menon works as a nurse.", "用户叫周晓岚（Zhou Xiaolan），住在里昂。"),
    ("Ravi's parents live in Kochi.", "Her parents live in Kunming."),
])
def test_facts_about_different_holders_of_a_home_never_clash(a, b):
    assert not _flags_in(_home(a, b), a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("pike = her work laptop: Dell XPS 13, running Fedora 40.", "pike now runs Ubuntu 24.04."),
    ("ember 是客厅里的台式机：Windows 11，主要用来打游戏。", "ember 上装的是 Windows 10。"),
    ("Her partner Ravi Menon works as a nurse.", "Ravi works as an accountant."),
    ("用户叫周晓岚（Zhou Xiaolan），住在里昂。", "Xiaolan lives in Marseille."),
    ("Editors: Neovim on pike, VS Code on ember.", "On pike she only uses Emacs."),
])
def test_facts_about_one_holder_named_two_ways_still_clash(a, b):
    assert _flags_in(_home(a, b), a, b)


def test_an_entry_binds_each_part_to_the_holder_it_names():
    detector = _home()
    both = "Ravi 是素食者，不吃肉；晓岚什么都吃。"
    assert not _flags_in(detector, both, "用户每天都吃肉。")
    assert _flags_in(detector, both, "Ravi 每天都吃牛肉。")


@pytest.mark.parametrize(("a", "b"), [
    ("Omar's parents live in Cairo.", "User lives in Leeds."),
    ("Omar's parents live in Cairo.", "Omar lives in Alexandria."),
    ("Omar and Lena Berg have two sons.", "User has no children."),
    ("The home router is a Netgear Nighthawk.", "Her laptop is a Lenovo ThinkPad."),
    ("The old iPhone in the drawer is only for testing.", "User's phone runs Android."),
    ("妈妈每天早上去公园打太极，已经退休了。", "她每天九点上班。"),
])
def test_a_named_person_a_device_a_relative_at_the_head_is_a_holder_of_its_own(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Omar's parents live in Cairo.", "Omar's parents live in Alexandria."),
    ("妈妈已经退休了。", "妈妈每天去公司上班。"),
    ("User lives in Lyon.", "User lives in Marseille."),
    ("User and Sam have two sons.", "User has no children."),
])
def test_the_same_holders_still_clash(a, b):
    assert flags(a, b)


def test_entry_holder_reads_possessors_devices_and_spare_devices():
    assert entry_holder("Omar's older sister is a nurse.") == "person:omar/sister"
    assert entry_holder("Raj's favourite team is Arsenal.") == "person:raj"
    assert entry_holder("The home router is a Netgear Nighthawk.") == "thing:the home router"
    assert entry_holder("书房的显示器是戴尔的。") == "thing:书房的显示器"
    assert entry_holder("The old iPhone in the drawer is only for testing.") == "thing:old iphone"
    assert entry_holder("User's sister lives in Lyon.") == ""


def test_the_index_keeps_the_homes_holders_entry_by_entry_and_on_disk(tmp_path):
    index = CandidateIndex()
    for number, text in enumerate(HOME):
        index.add(str(number), text)
    assert index.holders().holder_of("pike") == "machine:pike"
    path = tmp_path / ".MEMORY.index.json"
    write_index(path, index)
    again = read_index(path)
    assert again is not None and again.holders() == index.holders()
    again.remove("0")
    again.remove("2")  # the two entries that name pike
    assert again.holders().holder_of("pike") is None and again.holders().holder_of("ember") == "machine:ember"


def test_a_store_binds_the_facts_of_an_entry_to_the_machine_it_introduces(tmp_path):
    store = MemoryStore(tmp_path, memory_char_limit=0, user_char_limit=0)
    store.add("memory", "pike = her work laptop: Dell XPS 13, running Fedora 40.")
    assert not store.add("memory", "The desktop `ember` runs Windows 11.").contradictions
    assert store.add("memory", "pike now runs Ubuntu 24.04.").contradictions


@pytest.mark.parametrize(("a", "b"), [
    ("falcon's disk is almost full.", "marten's disk is nearly empty."),
    ("小李住在杭州。", "用户住在南京。"),
    ("Dana: lives in Oslo, works at Equinor.", "User lives in Bergen and works at DNB."),
    ("Ines has no plans to retire.", "Ines still works full time at the clinic."),
])
def test_holders_named_without_a_home_by_their_form(a, b):
    """A lowercase name's possessive, 小/老 and a surname, a person's heading, before any census."""
    assert not flags(a, b)
    assert entry_holder("it's raining again.") == "" and entry_holder("Phone: a Pixel 8.") == ""
