"""The entry page names the other wordings of its fact the entry absorbed, escaped like any memory text."""

from __future__ import annotations

NURSE = "The user works as a nurse at the city hospital."
NURSE_MARKED = "The user works as a nurse at the <em>downtown</em> city hospital."  # says nothing new: absorbed


def test_the_entry_page_shows_what_the_fact_was_also_said_as_escaped(client, app_store):
    entry_id = app_store.add("memory", NURSE).entry_id
    assert app_store.add("memory", NURSE_MARKED).reinforced
    html = client.get(f"/memory/entries/{entry_id}").get_data(as_text=True)
    assert "Also said as" in html
    assert "&lt;em&gt;downtown&lt;/em&gt;" in html and "<em>downtown</em>" not in html


def test_an_entry_that_absorbed_nothing_shows_no_other_wording(client, app_store):
    entry_id = app_store.add("memory", NURSE).entry_id
    assert "Also said as" not in client.get(f"/memory/entries/{entry_id}").get_data(as_text=True)


def test_the_history_page_offers_the_undo_of_a_judges_fold(client, app_store, home):
    from dialectical_memory.store.restated import fold_restatement

    first = app_store.add("memory", NURSE).entry_id
    second = app_store.add("memory", "The user treasures quiet evenings at home.").entry_id
    with app_store.unit_of_work("memory", "maintenance") as (state, change):
        pair = (first, state.entries[first].text, second, state.entries[second].text)
        assert fold_restatement(state, change, pair, "judge:test: the same fact", "judge:test") == first
    (record,) = app_store.history("memory", action="restated")
    html = client.get("/memory/history").get_data(as_text=True)
    assert f"/memory/history/{record['id']}/undo" in html


def test_a_line_hermes_keeps_links_to_the_entry_it_says_again(client, app_store, home):
    """Hermes wrote the fact again in its own file: the line's page links to the entry it says again."""
    first = app_store.add("memory", NURSE).entry_id
    again = "The user is a nurse at the city hospital."
    md = home / "MEMORY.md"
    md.write_text(md.read_text(encoding="utf-8") + "\n§\n" + again, encoding="utf-8")
    app_store.expect_origin("memory", again, provenance={"origin": "assistant_tool", "tool_name": "memory"})
    line = app_store.get_entry_meta("memory", again).entry_id
    assert app_store.check_entry("memory", line).extra["reinforced"] == first
    html = client.get(f"/memory/entries/{line}").get_data(as_text=True)
    assert "Says again, in other words" in html and f"/memory/entries/{first}" in html
    assert "Says again, in other words" not in client.get(f"/memory/entries/{first}").get_data(as_text=True)


def test_a_fold_reads_in_words_on_the_history_and_archive_pages_never_by_entry_id(client, app_store, home):
    """The history said "reason: the same fact as entry 95c53d55-…; restated by: 61b0a175-…" and the
    archive "said again with more by entry ee11049f-…": ids where a person reads words."""
    from dialectical_memory.store.restated import fold_restatement

    from .plain_words import UUID, readable_text

    first = app_store.add("memory", NURSE).entry_id
    second = app_store.add("memory", "The user treasures quiet evenings at home.").entry_id
    with app_store.unit_of_work("memory", "maintenance") as (state, change):
        pair = (first, state.entries[first].text, second, state.entries[second].text)
        assert fold_restatement(state, change, pair, "judge:test: the same fact", "judge:test") == first
    for page in ("/memory/history", "/memory/archive", "/memory/"):
        text = " ".join(readable_text(client.get(page).get_data(as_text=True)))
        assert not UUID.findall(text), page
    history = " ".join(readable_text(client.get("/memory/history").get_data(as_text=True)))
    assert "the same fact as entry “The user works as a nurse" in history
    assert "restated by: “The user treasures quiet evenings" in history
    assert "reason: the model test said “the same fact”" in history and "judge:test" not in history
