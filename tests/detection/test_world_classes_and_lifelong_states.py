"""Categories of world knowledge, each written as pairs before its rule.

- allergen classes: an allergy to a class covers its members through the is-a tables (tree nuts,
  shellfish, dairy, gluten); a fish is no shellfish; a peanut is a legume, so a tree-nut allergy
  leaves it out, while a plain "nut allergy" covers it; "has a X allergy" is the allergy stated;
- a language not spoken against a spoken act in it (`spoken_languages.py`);
- a lapse since a named time ("no sessions since March", "从三月以后就没…") on a tool of the activity;
- energy drinks as a drink class; not consuming a thing leaves collecting, selling, watching it open;
- never abroad against a trip done for any purpose (去了东京看樱花);
- lifelong states against any time: never had a job / any job held; never seen the sea / surfing, diving;
- 老旧 / 破旧 on the old pole of 新.

Their pairs: the `world-classes` sets of `pairs/world.jsonl` (where each came from, and its floor,
in `pairs/floors.toml`).
"""

import pytest

from judging import flags


@pytest.mark.parametrize("a, b", [
    ("User has a severe tree nut allergy.", "User munches on pistachios while working."),
    ("User is allergic to shellfish.", "User eats oysters every Friday night."),
    ("用户对坚果过敏。", "用户每天早上吃一把开心果。"),
    ("User doesn't speak French.", "User teaches history in French at a school in Lyon."),
    ("用户不会说日语。", "用户每周用日语和客户开会。"),
    ("User does yoga every day.", "User's yoga app shows no sessions since February."),
    ("User never drinks energy drinks.", "User chugs a Red Bull every afternoon."),
    ("用户从来没出过国。", "用户去过首尔吃烤肉。"),
    ("User has never been employed.", "User worked at a bakery for two summers."),
    ("User has never seen the sea.", "User went snorkelling in Bali last year."),
    ("用户的沙发很新。", "用户的沙发很破旧。"),
])
def test_category_flags(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("User is allergic to shellfish.", "User eats salmon every week."),  # a fish is no shellfish
    ("User is allergic to tree nuts.", "User eats peanut butter sandwiches."),  # a peanut is a legume
    ("User is allergic to nuts.", "User only buys nut-free granola bars."),
    ("User's daughter has a nut allergy.", "User eats walnuts every afternoon."),
    ("User doesn't speak German.", "User is learning German on weekends."),
    ("User doesn't speak German.", "User negotiates contracts in Germany through an interpreter."),
    ("用户不会说英语。", "用户的翻译用英语给客户做汇报。"),
    ("User meditates every morning.", "User hasn't missed a meditation session since March."),
    ("User runs every day.", "User has run every day since March."),
    ("User never drinks energy drinks.", "User collects Red Bull cans for an art project."),
    ("User never drinks energy drinks.", "User sells Monster energy drinks at the corner shop."),
    ("用户从来没去过国外。", "用户去年去了三亚看海。"),
    ("User has never had a job.", "User is applying for a job as a waiter."),
    ("User has never had a job.", "User dreams of working as a chef."),
    ("User has never seen the ocean.", "User surfs the web every evening."),
    ("User has never seen the ocean.", "User wants to go surfing in Portugal one day."),
])
def test_look_alikes_do_not_flag(a, b):
    assert not flags(a, b)
