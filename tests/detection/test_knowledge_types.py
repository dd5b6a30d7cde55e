"""Knowledge types read from the text when the writer gives none, with look-alikes of each kind."""

from __future__ import annotations

import pytest

from dialectical_memory import KnowledgeType, MemoryStore
from dialectical_memory.detection.knowledge_types import read_knowledge_type

M, F, S, B, R = (KnowledgeType.MEMORY, KnowledgeType.FACT, KnowledgeType.STATE, KnowledgeType.BELIEF, KnowledgeType.RULE)

CASES = [
    # a dated event is a memory; the same activity as a habit is not
    ("The user went to a jazz concert at the harbour last week.", M),
    ("Priya visited her old school two weeks ago.", M),
    ("The user recently attended a pottery workshop.", M),
    ("用户上周去了一场爵士音乐会。", M),
    ("用户昨天去了医院。", M),
    ("Priya attended a pottery workshop at the library.", M),
    ("The user goes to jazz concerts at the harbour.", B),
    ("The user likes to attend jazz concerts at the harbour.", B),
    ("Priya organized a charity bake sale for the library.", M),
    ("The user's sister painted a mural in the kitchen.", M),
    ("Priya loved the mural in the kitchen.", B),
    ("Tomasz recently became friends with a neighbour from the allotment.", M),
    ("The user spent the weekend fixing the roof.", M),
    ("The user becomes restless on long flights.", B),
    ("Priya expressed pride in the mural in the kitchen.", B),
    ("The user used to paint murals.", B),
    ("Priya has finished the first draft of her novel.", M),
    ("Priya has been writing a novel.", B),
    ("The user has always loved jazz.", B),
    ("Priya has a lot of cookbooks.", B),
    ("用户喜欢听爵士音乐会。", B),
    # a lasting fact; a look-alike that names no allergy or birth
    ("The user is allergic to peanuts.", F),
    ("The user was born in a small fishing town.", F),
    ("The user has two sisters.", F),
    ("用户对花生过敏。", F),
    ("The user cannot eat gluten.", F),
    ("Tomasz can't have dairy.", F),
    ("用户不能吃花生。", F),
    ("The user can't have coffee after six in the evening.", B),  # a habit of the evening, no diet
    ("用户不能喝咖啡。", B),
    ("The user dislikes the allergy season.", B),
    ("用户讨厌花粉过敏季节。", B),
    # a current situation; the same activity without "now" is not
    ("The user is currently training for a half marathon.", S),
    ("用户目前在找工作。", S),
    ("用户正在学习日语。", S),
    ("The user trains for half marathons.", B),
    # an instruction; a habit with "always" is not one
    ("Always answer the user in Chinese.", R),
    ("Never mention the user's old job.", R),
    ("The user wants the assistant to reply in short paragraphs.", R),
    ("请用中文回答。", R),
    ("不要在早上九点前发提醒。", R),
    ("The user always drinks tea in the afternoon.", B),
    ("用户总是下午喝茶。", B),
    ("用户喜欢简洁的回复，一般只要结论。", B),  # a preference about replies is no instruction to the assistant
    ("助手应该先给结论，再解释。", R),
    # a preference or an opinion
    ("The user prefers window seats on long flights.", B),
    ("用户觉得远程办公效率更高。", B),
]


@pytest.mark.parametrize(("text", "kind"), CASES)
def test_the_knowledge_type_is_read_from_the_text(text, kind):
    assert read_knowledge_type(text) is kind


def test_an_add_without_a_type_reads_one_and_an_explicit_type_wins(tmp_path):
    store = MemoryStore(tmp_path / "home")
    read = store.add("user", "The user went to a jazz concert at the harbour last week.")
    given = store.add("user", "The user is allergic to peanuts.", knowledge_type="belief")
    assert store.get_entry("user", read.entry_id).meta.knowledge_type is KnowledgeType.MEMORY
    assert store.get_entry("user", given.entry_id).meta.knowledge_type is KnowledgeType.BELIEF
