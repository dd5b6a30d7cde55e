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
    ("The user used to climb trees as a kid.", M),  # a childhood past is a memory
    ("Priya learned to swim when she was little.", M),
    ("The user acts like a kid at theme parks.", B),
    ("用户小时候养过一只狗。", M),
    ("用户喜欢童话故事。", B),
    ("Priya has finished the first draft of her novel.", M),
    ("Priya has been writing a novel.", B),
    ("The user has always loved jazz.", B),
    ("Priya has a lot of cookbooks.", B),
    ("用户喜欢听爵士音乐会。", B),
    # a day of the week is a date once, and no date where it recurs
    ("The user went to the dentist on Tuesday.", M),
    ("Priya went hiking on Saturday morning.", M),
    ("The user has a job interview on Monday.", M),
    ("The user is learning Portuguese with a tutor twice a week on Tuesday and Thursday evenings.", B),
    ("Priya's team posts the weekly status report on Friday mornings.", B),
    ("The user plays football on Wednesday evenings.", B),
    ("The user usually calls her mother on Sunday.", B),
    ("Priya goes swimming on Mondays.", B),
    # one thing said or shown to someone is a dated memory; a habit, a passive or a view reported is not
    ("Priya encouraged her brother to apply for the job.", M),
    ("Priya encourages Tomasz to keep painting.", M),
    ("Priya is encouraged by her brother's progress.", B),
    ("The user always encourages friends to vote.", B),
    ("The user told Tomasz about the new bakery.", M),
    ("The user is often told that she looks like her mother.", B),
    ("Tomasz suggests the user try the night train.", M),
    ("The user finds suggestions from friends helpful.", B),
    ("Priya shared a photo of her garden with Tomasz.", M),
    ("Priya shares a photo of her garden.", M),
    ("Priya shares recipes with her neighbours.", B),
    ("Priya shared that gardening keeps her calm.", B),
    ("The user asked the neighbour to water the plants.", M),
    ("The user asks for short answers.", B),
    ("The user thanked the nurse for her patience.", M),
    ("Priya told Tomasz that she prefers trains.", B),
    ("Priya tells Tomasz that she prefers trains.", B),
    ("Tomasz assured Priya that the train would be on time.", M),
    ("用户鼓励妹妹去学画画。", M),
    ("用户经常鼓励别人。", B),
    ("用户分享了一张海边的照片。", M),
    ("用户喜欢分享照片。", B),
    ("用户的建议很有用。", B),
    ("用户的问题很多。", B),
    # a speech act that comes second, or a reaction to one thing someone said; a habit or a general taste is not
    ("Tomasz trusts Priya's plan and assures her that the bank will agree.", M),
    ("Tomasz praises Priya's draft, encouraging her to keep going.", M),
    ("Tomasz appreciates Priya's film recommendation and wants to watch it.", M),
    ("The user followed her doctor's advice.", M),
    ("用户相信妹妹，并鼓励她继续画画。", M),
    ("用户接受了朋友的建议。", M),
    ("The user is kind and always encourages friends to vote.", B),
    ("The user loves dogs and asks them to sit before treats.", B),
    ("The user sleeps badly and encourages herself to rest.", B),
    ("The user is a mentor who advises students to read widely.", B),
    ("The user appreciates honest advice.", B),
    ("The user follows the news closely.", B),
    ("用户总是很温柔，并鼓励她继续画画。", B),
    ("用户喜欢朋友的建议。", B),
    # a past "had a …" is one happening; "has had … for years" and "had always" are not
    ("Priya had a flat tyre on the way to work.", M),
    ("Priya had always wanted to visit the mountains.", B),
    ("用户参加了一场婚礼。", M),
    ("用户喜欢参加婚礼。", B),
    # a time named from the note's own day makes a plan one dated happening; "next to", "the next step" do not
    ("Tomasz is preparing for a neighbourhood meeting next week.", M),
    ("The user is starting a new job next month.", M),
    ("Priya is taking her nephew swimming after the conversation.", M),
    ("用户下个月要去北京出差。", M),
    ("用户聊天之前去了超市。", M),
    ("The user works next to the station.", B),
    ("The user reads today's paper over breakfast.", B),
    ("Priya is looking forward to a harp recital this month.", M),
    ("Tomasz plans to repaint the shed this week.", M),
    ("用户这个月打算去上海看展。", M),
    ("The user is busy with exams this month.", S),
    ("用户这个月很忙。", S),
    ("The user plans the next step carefully.", B),
    ("The user enjoys a long conversation over dinner.", B),
    ("用户喜欢聊天。", B),
    ("用户下棋的时候很专注。", B),
    # one thing remembered is a memory; an ability or a habit of remembering is not
    ("Priya remembers the advice her coach gave her.", M),
    ("Tomasz fondly recalls the summers at his grandmother's farm.", M),
    ("用户还记得第一次见面的场景。", M),
    ("The user remembers names easily.", B),
    ("Priya remembers to water the plants.", B),
    ("The user thinks it is important to remember old friends.", B),
    ("用户总是记得朋友的生日。", B),
    ("用户记得要带伞。", B),
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
    ("Priya has a cat named Miso.", F),
    ("Priya wants a cat named Miso.", B),
    ("Priya has had a cat for ten years.", F),
    ("Tomasz is from a small town by the sea.", F),
    ("The user is from time to time late for meetings.", B),
    ("The user works as a nurse.", F),
    ("The user works as hard as she can.", B),
    ("Priya is a freelance writer.", F),
    ("Priya is an aspiring writer.", B),
    ("The user is a big fan of crime novels.", B),
    ("用户是一名护士。", F),
    ("用户是业余作家。", B),
    ("用户的梦想是当医生。", B),
    ("Priya owns a bakery.", F),
    ("The user owns up to mistakes quickly.", B),
    ("用户养了一只猫。", F),
    ("用户有一只叫年糕的猫。", F),
    ("用户来自杭州。", F),
    ("用户喜欢来自意大利的咖啡。", B),
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


def test_a_report_of_what_was_said_is_a_memory_but_no_happening_for_the_matcher():
    """The same-fact matcher weighs one event against a habit; a conversation reported is a dated
    memory for decay, but it voices a stance rather than telling of an event."""
    from dialectical_memory.detection.knowledge_types import tells_of_one_happening

    spoken = "Priya encourages Tomasz to keep painting."
    assert read_knowledge_type(spoken) is M and not tells_of_one_happening(spoken)
    assert tells_of_one_happening("The user went to a jazz concert at the harbour last week.")
    assert tells_of_one_happening("Priya had a flat tyre on the way to work.")
    assert not tells_of_one_happening("Always answer the user in Chinese.")


def test_the_cue_expressions_compile_only_for_a_text_holding_one_of_their_cues():
    """Built from tables on first use, the type cues and the same-fact guards are gated like the
    detector's own patterns (their cues tabled by tools/make_pattern_cues.py): a text holding none
    of a cue expression's cues is answered without compiling it."""
    from dialectical_memory.core.regex_cues import LazyPattern
    from dialectical_memory.detection import knowledge_types, restatement
    from dialectical_memory.detection.text import _CUES

    made = [knowledge_types._cue(key) for key in ("rule", "state", "fact", "speech_act", "recollection",
                                                  *knowledge_types.HAPPENING_CUES)]
    made += [knowledge_types._job()] + [restatement._cue(key) for key in ("denial", "plan", "past", "scope")]
    for pattern in made:
        assert isinstance(pattern, LazyPattern) and _CUES.get(pattern.pattern, pattern._flags), pattern.pattern[:60]
    fresh = LazyPattern(knowledge_types._cue("rule").pattern, 0, _CUES)

    def compiled() -> bool:  # read past __getattr__, which would compile it
        try:
            object.__getattribute__(fresh, "compiled")
        except AttributeError:
            return False
        return True

    assert fresh.search("she grows tomatoes on the balcony") is None and not compiled()
    assert fresh.search("please answer in chinese") is not None and compiled()
