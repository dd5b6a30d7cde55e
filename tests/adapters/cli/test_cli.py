"""`dmem` as a person uses it: readable output, exit 0 on success, one-line errors otherwise."""

import json

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.adapters.cli import main

from .cli_run import dmem


def test_add_then_list_shows_the_entry_in_its_tier(capsys, home):
    code, out, _ = dmem(capsys, home, "add", "User prefers tea over coffee", "--target", "user", "--source", "observed")
    assert code == 0 and "Entry added." in out
    code, out, _ = dmem(capsys, home, "list", "--target", "user")
    assert code == 0
    assert "INCIDENT (1)" in out and "User prefers tea over coffee" in out and "observed" in out
    assert (home / "USER.md").read_text(encoding="utf-8") == "User prefers tea over coffee"


def test_add_says_the_knowledge_type_it_read_from_the_text_and_an_explicit_one_wins(capsys, home):
    code, out, _ = dmem(capsys, home, "add", "User went to the dentist last Tuesday")
    assert code == 0 and "  type: memory (read from the text)" in out
    assert MemoryStore(home).get_entry_meta("memory", "User went to the dentist last Tuesday").knowledge_type.value == "memory"
    code, out, _ = dmem(capsys, home, "add", "User is allergic to peanuts", "--type", "belief")
    assert code == 0 and "type:" not in out
    assert MemoryStore(home).get_entry_meta("memory", "User is allergic to peanuts").knowledge_type.value == "belief"
    code, out, _ = dmem(capsys, home, "add", "User went to the dentist last Tuesday")
    assert code == 0 and "reinforced" in out and "type:" not in out, "a fact said again keeps its entry's type"
    code, out, _ = dmem(capsys, home, "add", "User keeps a paper notebook", "--json")
    assert code == 0 and json.loads(out)["entry_id"] and "type:" not in out


def test_add_reports_what_the_new_entry_contradicts(capsys, home):
    dmem(capsys, home, "add", "User lives in Berlin", "-t", "user")
    code, out, _ = dmem(capsys, home, "add", "User lives in Paris", "-t", "user")
    assert code == 0 and "contradicts" in out and "Berlin" in out


def test_contradictions_marks_the_side_with_more_authority(capsys, home):
    dmem(capsys, home, "add", "User says they prefer tabs", "--type", "belief")
    dmem(capsys, home, "add", "User prefers concise replies")
    dmem(capsys, home, "add", "User wants long, detailed answers", "--source", "observed")
    code, out, _ = dmem(capsys, home, "contradictions")
    assert code == 0 and "UNRESOLVED" in out
    starred = [line for line in out.splitlines() if line.strip().startswith("★")]
    assert starred and "detailed answers" in starred[0]


def test_contradictions_say_why_in_the_words_the_dashboard_shows(capsys, home):
    """The terminal printed the detector's own reason ("value: lives in Berlin↔Paris"); a person
    reads the sentence the dashboard shows, Chinese for a Chinese pair; --json keeps the reason."""
    dmem(capsys, home, "add", "User lives in Berlin")
    dmem(capsys, home, "add", "User lives in Paris")
    dmem(capsys, home, "add", "用户住在北京。")
    dmem(capsys, home, "add", "用户住在上海。")
    code, out, _ = dmem(capsys, home, "contradictions")
    assert code == 0 and "Both say where the user lives: Berlin vs Paris." in out
    assert "两条都说了用户住在哪里：北京 与 上海。" in out and "value:" not in out
    code, out, _ = dmem(capsys, home, "contradictions", "--json")
    assert {edge["reason"].split(":")[0] for edge in json.loads(out)} == {"value"}


def test_synthesize_by_id_prefixes_resolves_the_contradiction(capsys, home):
    dmem(capsys, home, "add", "User prefers concise replies")
    dmem(capsys, home, "add", "User wants long, detailed answers", "--source", "observed")
    edge = MemoryStore(home).get_contradictions("memory")[0]
    code, out, _ = dmem(capsys, home, "synthesize", edge["from_id"][:8], edge["to_id"][:8], "--text", "Short by default, long when asked")
    assert code == 0 and "Synthesis written" in out
    assert (home / "MEMORY.md").read_text(encoding="utf-8") == "Short by default, long when asked"
    code, out, _ = dmem(capsys, home, "contradictions")
    assert "No unresolved contradictions." in out


def test_show_prints_metadata_and_history(capsys, home):
    dmem(capsys, home, "add", "User's name is Lin Wei", "--type", "fact")
    entry_id = MemoryStore(home).entries("memory")[0].entry_id
    code, out, _ = dmem(capsys, home, "show", entry_id[:6])
    assert code == 0
    assert "knowledge type  fact" in out and "history (newest first)" in out and "cli" in out
    code, out, _ = dmem(capsys, home, "show", entry_id, "--json")
    assert json.loads(out)["meta"]["knowledge_type"] == "fact"


def test_an_add_says_why_it_contradicts_in_plain_words_in_the_pairs_language(capsys, home):
    dmem(capsys, home, "add", "--target", "user", "用户住在北京")
    code, out, _ = dmem(capsys, home, "add", "--target", "user", "用户现在住在上海")
    assert code == 0 and "⚡ contradicts: 用户住在北京  (两条都说了用户住在哪里：北京 与 上海。)" in out
    dmem(capsys, home, "add", "User lives in Berlin")
    code, out, _ = dmem(capsys, home, "add", "User lives in Paris")
    assert "(Both say where the user lives: Berlin vs Paris.)" in out and "↔" not in out


def test_shows_history_says_what_each_row_did(capsys, home):
    """An entry's history in `dmem show` names the wording said again, the contradiction and why."""
    store = MemoryStore(home)
    entry_id = store.add("user", "The user works as a nurse at the city hospital.").entry_id
    store.add("user", "The user is a nurse at the city hospital.")
    later = store.add("user", "The user no longer works as a nurse at the city hospital.")
    assert later.contradictions
    code, out, _ = dmem(capsys, home, "show", entry_id[:8])
    rows = out.split("history (newest first)")[1].splitlines()
    assert code == 0 and any(r.endswith("reinforce  said as “The user is a nurse at the city hospital.”") for r in rows)
    code, out, _ = dmem(capsys, home, "show", later.entry_id[:8])  # the flag is in the later entry's history
    (flag,) = [r for r in out.split("history (newest first)")[1].splitlines() if " contradiction " in r]
    assert "contradiction  ⚡ " in flag and "↔" not in flag


def test_show_names_who_wrote_it_the_entry_it_says_again_and_its_other_wordings(capsys, home):
    store = MemoryStore(home)
    first = store.add("memory", "The user works as a nurse at the city hospital.").entry_id
    md = home / "MEMORY.md"
    md.write_text(md.read_text(encoding="utf-8") + "\n§\nThe user is a nurse at the city hospital.", encoding="utf-8")
    store.expect_origin("memory", "The user is a nurse at the city hospital.", provenance={"origin": "assistant_tool"})
    line = store.get_entry_meta("memory", "The user is a nurse at the city hospital.").entry_id
    store.check_entry("memory", line)
    code, out, _ = dmem(capsys, home, "show", line)
    assert code == 0 and "written by      Hermes, assistant tool" in out
    assert f"says again      {first[:8]}: The user works as a nurse" in out
    assert "agent       add" in out
    assert store.add("memory", "User is a nurse in the city hospital.").entry_id == first
    code, out, _ = dmem(capsys, home, "show", first)
    assert "also said as    User is a nurse in the city hospital." in out


def test_remove_then_restore_brings_the_text_back(capsys, home):
    dmem(capsys, home, "add", "User is learning Rust")
    dmem(capsys, home, "remove", "learning Rust")
    assert (home / "MEMORY.md").read_text(encoding="utf-8") == ""
    entry_id = MemoryStore(home).archived("memory")[0].entry_id
    code, out, _ = dmem(capsys, home, "restore", entry_id[:8])
    assert code == 0 and (home / "MEMORY.md").read_text(encoding="utf-8") == "User is learning Rust"


def test_maintain_reports_each_target(capsys, home):
    dmem(capsys, home, "add", "User runs the homelab on Kubernetes")
    code, out, _ = dmem(capsys, home, "maintain")
    assert code == 0 and out.startswith("memory: decayed 0") and "\nuser: decayed 0" in out
    code, out, _ = dmem(capsys, home, "maintain", "--target", "memory", "--json")
    assert json.loads(out)["memory"]["target"] == "memory"


def test_history_lists_who_did_what(capsys, home):
    dmem(capsys, home, "add", "User drinks green tea")
    dmem(capsys, home, "replace", "green tea", "User drinks jasmine tea")
    code, out, _ = dmem(capsys, home, "history")
    lines = out.splitlines()
    assert code == 0 and "replace" in lines[0] and "jasmine" in lines[0] and "cli" in lines[0]
    assert "add" in lines[1]


def test_dmem_respects_hermes_limits_by_default(capsys, home):
    code, _out, err = dmem(capsys, home, "add", "x" * 1400, "--target", "user")
    assert code == 1 and "1,375" in err and "\n" == err[-1] and err.count("\n") == 1
    assert main(["--home", str(home), "--user-char-limit", "0", "add", "y" * 1400, "-t", "user"]) == 0


def test_eval_detector_prints_precision_recall_f1(capsys, home, tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    rows = [
        {"a": "User lives in Berlin", "b": "User lives in Paris", "label": "contradiction", "type": "value", "lang": "en"},
        {"a": "用户喜欢深色模式", "b": "用户不喜欢深色模式", "label": "contradiction", "type": "negation", "lang": "zh"},
        {"a": "User likes jazz", "b": "User owns a bicycle", "label": "unrelated", "type": "unrelated", "lang": "en"},
    ]
    pairs.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    code, out, _ = dmem(capsys, home, "eval-detector", str(pairs))
    assert code == 0
    overall = next(line for line in out.splitlines() if line.startswith("overall"))
    assert overall.split()[1:4] == ["1.000", "1.000", "1.000"]
    assert "lang=zh" in out and "type=value" in out


def test_eval_detector_names_the_bad_line(capsys, home, tmp_path):
    pairs = tmp_path / "bad.jsonl"
    pairs.write_text('{"a": "x", "b": "y", "label": "contradiction", "type": "t", "lang": "en"}\nnot json\n')
    code, _out, err = dmem(capsys, home, "eval-detector", str(pairs))
    assert code == 1 and "line 2" in err


def test_home_after_the_command_works_too(capsys, home):
    assert main(["add", "User cycles to work", "--home", str(home)]) == 0
    assert (home / "MEMORY.md").read_text(encoding="utf-8") == "User cycles to work"


def test_demo_refuses_a_folder_that_is_not_an_earlier_demo(capsys, tmp_path):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "MEMORY.md").write_text("my real memories")
    code = main(["demo", str(precious), "--force"])
    assert code == 1 and "not empty" in capsys.readouterr().err
    assert (precious / "MEMORY.md").read_text() == "my real memories"


def test_search_answers_a_question_with_why_and_json(capsys, home):
    for text in ("User drinks green tea every afternoon", "User ordered a steak at dinner", "用户住在杭州"):
        dmem(capsys, home, "add", text, "-t", "user")
    code, out, _ = dmem(capsys, home, "search", "tea")
    assert code == 0 and "User drinks green tea" in out and "words: tea" in out and "steak" not in out
    code, out, _ = dmem(capsys, home, "search", "where does the user live", "--json")
    found = json.loads(out)
    assert code == 0 and found["ranked"] and "用户住在杭州" in [r["text"] for r in found["results"]]
    assert all(set(r) >= {"entry_id", "target", "score", "matched", "contested"} for r in found["results"])
    code, out, _ = dmem(capsys, home, "search", "quantum chromodynamics")
    assert code == 0 and "nothing in memory answers" in out
    code, out, _ = dmem(capsys, home, "search", "", "--json", "--limit", "2")
    listed = json.loads(out)
    assert not listed["ranked"] and listed["total"] == 3 and len(listed["results"]) == 2


def test_maintain_folds_the_journal_into_the_sidecar(capsys, home, monkeypatch):
    """RELIABILITY.md: a reader of the sidecar alone (SPEC §2) sees what a large home's journal held
    once `dmem maintain` ran."""
    from dialectical_memory.store import memory_store

    monkeypatch.setattr(memory_store, "SMALL_STORE_ENTRIES", 2)  # a journal line per change from the third entry
    store = MemoryStore(home, memory_char_limit=0)
    for text in ("User lives in Berlin", "User drinks tea", "User plays chess", "User rides a bike"):
        store.add("memory", text)
    journal = home / "MEMORY.meta.journal"
    assert journal.stat().st_size > 0
    assert dmem(capsys, home, "--memory-char-limit", "0", "maintain", "--target", "memory")[0] == 0
    assert journal.stat().st_size == 0
    sidecar = json.loads((home / "MEMORY.meta.json").read_text())
    assert {meta["text"] for meta in sidecar["entries"].values()} >= {"User plays chess", "User rides a bike"}


def test_review_alone_says_what_waits_by_kind_and_the_next_decision(capsys, home):
    """`dmem review` without an action was an argparse error; a person asks it what waits."""
    code, out, _ = dmem(capsys, home, "review")
    assert code == 0 and out.strip() == "Nothing waits for review."
    store = MemoryStore(home)
    store.add("user", "User lives in Berlin")
    store.add("user", "User lives in Paris")  # a contradiction: one group
    code, out, _ = dmem(capsys, home, "review")
    assert code == 0 and "USER.md" in out
    assert "group of contradicting entries" in out and "dmem contradictions --target user" in out
    code, out, _ = dmem(capsys, home, "review", "--json")
    document = json.loads(out)
    assert document["by_kind"]["contradiction"]["user"] == 1 and document["next"]["kind"] == "contradiction"
    assert document["total"] == sum(document["by_target"].values())


def test_review_alone_shows_the_next_group_with_why_and_the_commands_that_decide_it(capsys, home):
    """`dmem review` named the next decision only when it was a belief or a promotion: for a group of
    contradicting entries, the first decision of most homes, it said nothing of what or why."""
    store = MemoryStore(home)
    berlin = store.add("user", "User lives in Berlin").entry_id
    paris = store.add("user", "User lives in Paris").entry_id
    (edge,) = store.get_contradictions("user")
    code, out, _ = dmem(capsys, home, "review")
    assert code == 0 and "Next: 2 entries of USER.md contradict each other; keep one:" in out
    assert f"  {berlin[:8]}  User lives in Berlin" in out and f"  {paris[:8]}  User lives in Paris" in out
    assert f"why {edge['from_id'][:8]}↔{edge['to_id'][:8]}: Both say where the user lives: Berlin vs Paris." in out
    assert "[the automatic check]" in out
    (commands,) = [line for line in out.splitlines() if "dmem review keep ID" in line]
    dismiss = commands.split("   ")[1].split()
    assert dmem(capsys, home, *dismiss[1:])[0] == 0
    assert MemoryStore(home).get_contradictions("user") == []


def test_review_alone_shows_the_next_pattern_proposal_and_its_commands(capsys, home):
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    for text in ("User went climbing at the gym on Monday", "User went climbing at the crag with friends",
                 "User went climbing indoors after work"):
        store.add("user", text)
    (proposal,) = store.pattern_proposals("user")
    code, out, _ = dmem(capsys, home, "--user-char-limit", "0", "review")
    assert code == 0 and f"Next: one pattern? {proposal.reason}" in out
    assert f"dmem reflect approve {proposal.proposal_id[:12]}" in out and f"dmem reflect reject {proposal.proposal_id[:12]}" in out


def test_review_alone_names_the_next_belief_to_re_verify_and_how(capsys, home):
    from helpers import edit_meta

    entry_id = MemoryStore(home).add("memory", "User prefers tabs over spaces").entry_id
    edit_meta(home, entry_id, status="decayed", updated_at=1_000_000_000.0, last_validated_at=1_000_000_000.0)
    code, out, _ = dmem(capsys, home, "review")
    assert code == 0 and "1 belief to re-verify" in out
    (line,) = [line for line in out.splitlines() if line.startswith("Next: is this still true?")]
    assert line.startswith("Next: is this still true? “User prefers tabs over spaces” (expired, ")
    assert line.endswith(" days since anyone checked it)") and "raw confidence" not in line
    assert f"dmem review confirm|retire {entry_id[:8]}" in out


def test_review_asks_of_a_past_event_whether_it_is_worth_remembering_not_whether_it_is_true(capsys, home):
    from helpers import edit_meta

    entry_id = MemoryStore(home).add("memory", "User went to the dentist on 2019-03-04", knowledge_type="memory").entry_id
    edit_meta(home, entry_id, status="decayed", updated_at=1_000_000_000.0, last_validated_at=1_000_000_000.0)
    code, out, _ = dmem(capsys, home, "review")
    assert code == 0 and "is this still true?" not in out
    (line,) = [line for line in out.splitlines() if line.startswith("Next: ")]
    assert line.startswith("Next: still worth remembering? “User went to the dentist on 2019-03-04” (expired, ")


def test_an_add_names_what_it_may_say_again_and_a_person_folds_it_with_review_same(capsys, home):
    dmem(capsys, home, "add", "--target", "user", "The user is a nurse.")
    code, out, _ = dmem(capsys, home, "add", "--target", "user", "The user works as a nurse.")
    assert code == 0 and '"The user is a nurse." (kept apart)' in out and out.count("The user is a nurse.") == 1
    (command,) = [line.strip().removeprefix("the same fact? ") for line in out.splitlines() if "dmem review same" in line]
    code, out, _ = dmem(capsys, home, *command.split()[1:])
    assert code == 0 and "The same fact" in out
    store = MemoryStore(home)
    assert [e.text for e in store.entries("user")] == ["The user is a nurse."]
    assert store.history("user", action="restated")[0]["actor"] == "cli"
