"""The knowledge type a text states, read from its words when the writer gives none.

A dated event ("went to a concert last week", 昨天去了医院) is a ``memory``: it stays true of its
day and decays slowest. A lasting fact ("is allergic to peanuts", "was born in 1990", 对花生过敏) is
a ``fact``: it never decays. A current situation ("is currently training for a race", 目前在找工作)
is a ``state``: it decays fastest. An instruction to the assistant ("Always answer in Chinese",
回答时请用中文) is a ``rule``. Everything else, a preference or an opinion above all, stays a
``belief``, as before. Each cue is a whole phrase of its kind; a look-alike from another kind
("always drinks tea" is a habit, not an instruction; "allergy season" is no allergy) is kept out by
where the cue must stand. The first kind whose cue is found wins, in the order rule, memory, state,
fact. An explicit type from the writer always wins (the store only asks when none is given).
Issue 37 moves word tables like these under ``detection/lang/<code>/``.
"""

from __future__ import annotations

import re

from ..core.kinds import KnowledgeType
from .text import normalize

_RULE_EN = re.compile(
    r"^(?:always|never|please|don't|do not|avoid|use|reply|answer|respond|write|call|address|keep|ask|remind)\b"
    r"|\b(?:the assistant|the agent|you) (?:should|must|need to|has to|have to)\b"
    r"|\b(?:wants|asks|expects|needs|told) (?:the assistant|the agent|you|me) to\b"
)
_RULE_ZH = re.compile(r"^(?:请|不要|别|务必|必须|永远不要|一律)|(?:回答|回复|称呼|提醒).{0,6}(?:时|要|请)|助手(?:应该|必须|要)")
_DATED_EN = re.compile(
    r"\b(?:yesterday|last (?:week|weekend|month|year|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|fall|winter)"
    r"|(?:a|two|three|few|several|\d+) (?:days?|weeks?|months?|years?) ago|the other day"
    r"|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?!s)"
    r"|in (?:january|february|march|april|may|june|july|august|september|october|november|december) \d{4}"
    r"|on \d{1,2} (?:january|february|march|april|may|june|july|august|september|october|november|december))\b"
)
_DATED_ZH = re.compile(r"昨天|前天|上周|上个?星期|上个?月|去年|前几天|那天|\d+年\d+月|\d+月\d+[日号]")
_PAST_EVENT = r"(?:went|attended|visited|took|got|finished|started|joined|won|ran|had|made|received|bought|met|adopted|saw|completed)"
# A sentence whose main verb is a simple past of doing narrates one event; a past of feeling,
# wanting or saying ("loved", "expressed") reports a view, and "used to" a habit: those stay beliefs.
_ONE_EVENT = (r"(?:went|attended|visited|finished|joined|won|ran|received|met|adopted|completed|took|got|bought|made|"
              r"lost|found|began|built|wrote|read|saw|sold|gave|flew|drove|taught|caught|held|threw|[a-z]{3,}ed)")
_NOT_EVENTS = frozenset(
    "used liked loved enjoyed wanted hoped believed felt seemed preferred needed valued appreciated expressed "
    "mentioned said shared thought considered planned intended wished admired cherished treasured missed "
    "hated disliked feared worried agreed described explained noted praised thanked asked told".split()
)
_EVENT_EN = re.compile(rf"\b(?:recently|just) {_PAST_EVENT}\b|\b{_PAST_EVENT}\b.*\brecently\b")
_MAIN_PAST = re.compile(rf"^(?:the user|[a-z][\w'-]*)(?:'s \w+)? (?:recently |also |just |finally |once )?({_ONE_EVENT})\b")
_STATE_EN = re.compile(r"\b(?:currently|right now|at the moment|these days|for now|at present|this week|this month)\b")
_STATE_ZH = re.compile(r"目前|现在|正在|这几天|这段时间|眼下|本周|这个月")
_FACT_EN = re.compile(
    r"\b(?:is|am|are) (?:allergic to|lactose intolerant|vegan|vegetarian|left-handed|right-handed|colou?r-?blind|diabetic)\b"
    r"|\b(?:was|were) born\b|\bgrew up in\b|\b(?:is|am) (?:a )?native\b|\bhas (?:a|an|one|two|three|\d+) "
    r"(?:brothers?|sisters?|sons?|daughters?|child|children|kids?|siblings?)\b|\bnative language\b|\bmother tongue\b|\bbirthday is\b"
)
_FACT_ZH = re.compile(r"对.{1,8}过敏|乳糖不耐受|出生|生日是|母语|老家在|左撇子|色盲|素食者|有(?:一个|两个|三个|[一二两三])(?:哥哥|姐姐|弟弟|妹妹|儿子|女儿|孩子)")


def read_knowledge_type(text: str) -> KnowledgeType:
    """The kind of knowledge ``text`` states, by its cue words; ``BELIEF`` when none is found."""
    plain = normalize(text).strip()
    if _RULE_EN.search(plain) or _RULE_ZH.search(plain):
        return KnowledgeType.RULE
    if _DATED_EN.search(plain) or _DATED_ZH.search(plain) or _EVENT_EN.search(plain) or _one_event(plain):
        return KnowledgeType.MEMORY
    if _STATE_EN.search(plain) or _STATE_ZH.search(plain):
        return KnowledgeType.STATE
    if _FACT_EN.search(plain) or _FACT_ZH.search(plain):
        return KnowledgeType.FACT
    return KnowledgeType.BELIEF


def _one_event(plain: str) -> bool:
    """Is the sentence's main verb a simple past of doing (one event, not a view or a habit)?"""
    found = _MAIN_PAST.match(plain)
    return found is not None and found.group(1) not in _NOT_EVENTS
