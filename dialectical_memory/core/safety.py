"""Refuse memory text that would poison the system prompt or leak secrets.

Memory text is injected into every future system prompt, so it is an attack surface: a note that
says "ignore previous instructions" or carries an API key must never be stored. The same check runs
on every add and on every entry that reaches the store from disk (Hermes, an editor): such an entry
is kept in the file untouched but *blocked* from the prompt until a person decides.

The patterns refuse at least what the Hermes agent's own scanner refuses (``tools/threat_patterns.py``
of hermes-agent 0.19.0, MIT; its "strict" scope, the one Hermes applies to memory), so an entry that
Hermes would block is blocked here too. A few of Hermes' patterns are narrowed where they refuse
ordinary memories ("weekly check-in with her manager", "a sliver of cake", "SSH keys live in
~/.ssh"); ``tests/reliability/test_hostile_input.py`` lists each such text and proves that the hostile
forms of the same pattern are still refused by both. Matching runs on the NFKC form and on a folded
form (confusable Cyrillic/Greek/Armenian letters mapped to Latin, combining marks dropped, casefold),
and on the decoded form of base64 runs (a key wrapped in base64 is still a key).
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata

from .errors import UnsafeContentError
from .regex_code import compile_fixed
from .regex_cues import CueTable, LazyPattern, TranslationTable, any_of, compile_with_cues, matching_case

# -------------------------------------------------------------------------- invisible characters

# Invisible characters outside category Cf (which is refused as a whole): they render as nothing or
# as blank space and let a reviewer read something other than what the model reads.
_INVISIBLE = frozenset(
    ["\u034f", "\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u2028", "\u2029"]
    + [chr(c) for c in range(0x180B, 0x1810)]  # Mongolian free variation selectors (U+180E is Cf)
    + [chr(c) for c in range(0xFE00, 0xFE10)]  # variation selectors
    + [chr(c) for c in range(0xE0100, 0xE01F0)]  # variation selectors supplement
    + [chr(c) for c in range(0x17B4, 0x17B6)]  # Khmer inherent vowels (invisible)
)
_EMOJI_PRESENTATION = "\ufe0f"
_TEXT_PRESENTATION = "\ufe0e"
_ZERO_WIDTH_JOINER = "\u200d"
_KEYCAP_BASES = frozenset("0123456789#*")


def _is_emoji(char: str) -> bool:
    return unicodedata.category(char) == "So"


def _allowed_in_emoji(text: str, index: int) -> bool:
    """How emoji are spelled, not hidden text: ❤️ (U+FE0F after a symbol), 1️⃣, 👨‍👩‍👧 (U+200D between emoji)."""
    char, before = text[index], text[index - 1] if index else ""
    if char in (_EMOJI_PRESENTATION, _TEXT_PRESENTATION):
        return bool(before) and (_is_emoji(before) or before in _KEYCAP_BASES)
    if char == _ZERO_WIDTH_JOINER:
        after = text[index + 1 : index + 2]
        return bool(before and after) and all(_is_emoji(c) or c == _EMOJI_PRESENTATION for c in (before, after))
    return False


def _invisible_reason(text: str) -> str | None:
    if text.isprintable() and _INVISIBLE.isdisjoint(text):
        return None  # no Cc, Cf, Co, Cs nor listed character: the loop below would find none (C speed)
    for index, char in enumerate(text):
        category = unicodedata.category(char)
        if char in _INVISIBLE or category in ("Cf", "Co", "Cs"):
            if _allowed_in_emoji(text, index):
                continue
            return f"invisible or bidirectional character U+{ord(char):04X} is not allowed"
        if category == "Cc" and char not in "\n\t":
            return f"control character U+{ord(char):04X} is not allowed"
    return None


# -------------------------------------------------------------------------- folding

# Letters that look like Latin ones (Unicode TR#39 confusables, the ones used in practice).
_CONFUSABLES = str.maketrans({
    **dict(zip("АВСЕНІЈКМОРЅТХУҮаеһіјӏорѕсхуԁԛԝҽɡ", "ABCEHIJKMOPSTXYYaehijlopscxydqweg")),  # Cyrillic
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαειικνορτυχγ", "ABEZHIKMNOPTYXaeiikvoptuxy")),  # Greek
    **dict(zip("օսոհցզաԼ", "ounhgqwL")),  # Armenian
    **dict(zip("ıȷ", "ij")),
})


_WITHOUT_COMBINING = TranslationTable(lambda code: None if unicodedata.combining(chr(code)) else code)


def fold(text: str) -> str:
    """The form patterns match against: NFKC, confusables → Latin, no combining marks, casefolded."""
    if text.isascii():
        return text.casefold()  # each step but the last leaves ASCII as it is
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).translate(_CONFUSABLES))
    bare = decomposed.translate(_WITHOUT_COMBINING)
    return unicodedata.normalize("NFKC", bare).casefold()


# -------------------------------------------------------------------------- patterns

_F = r"(?:\w+\s+){0,8}"  # bounded filler between key words (Hermes' _FILLER)

INJECTION = "looks like a prompt injection (an instruction aimed at the assistant, not a memory)"
EXFILTRATION = "looks like a command to exfiltrate data or run a remote script"
PERSISTENCE = "looks like an instruction to change the agent's configuration or SSH access"
HIDDEN = "contains hidden markup (an HTML comment or invisible block)"
SECRET = "looks like it contains {what}; secrets do not belong in memory"

# (label, kind, regex). Labels marked [hermes] are Hermes' pattern ids, ported as they are or
# narrowed as noted; the rest are ours.
_PATTERNS: list[tuple[str, str, str]] = [
    # ---- classic prompt injection
    ("prompt_injection", INJECTION, rf"ignore\s+{_F}(previous|all|above|prior)\s+{_F}instructions"),  # [hermes]
    ("prompt_injection", INJECTION, r"\b(ignore|disregard|forget|override|bypass)\b.{0,20}\b(previous|prior|above|earlier|all|any|your|system)( (of )?(the|your|my|these|those))?\s+(instructions?|prompts?|rules?|guidelines?|directives?|messages?)\b"),
    ("sys_prompt_override", INJECTION, r"system\s+prompt\s+override"),  # [hermes]
    ("disregard_rules", INJECTION, rf"disregard\s+{_F}(your|all|any)\s+{_F}(instructions|rules|guidelines)"),  # [hermes]
    ("bypass_restrictions", INJECTION, rf"act\s+as\s+(if|though)\s+{_F}you\s+{_F}(have\s+no|don't\s+have)\s+{_F}(restrictions|limits|rules)"),  # [hermes]
    ("fake_system_prompt", INJECTION, r"\b(new|updated|real) system prompt\b"),
    ("role_tag", INJECTION, r"<\s*/?\s*(system|im_start|im_end|assistant)\s*>|\[\s*(system|inst)\s*\]"),
    ("deception_hide", INJECTION, rf"do\s+not\s+{_F}tell\s+{_F}the\s+user|\bdo not (tell|inform|alert) the user\b"),  # [hermes]
    ("translate_execute", INJECTION, r"translate\s+[^\n]{0,512}\s+into\s+[^\n]{0,512}\s+and\s+(execute|run|eval)"),  # [hermes]
    ("reveal_system_prompt", INJECTION, r"\breveal (your|the) (system prompt|hidden instructions)"),
    # ---- role-play / identity hijack
    ("role_hijack", INJECTION, rf"you\s+are\s+{_F}now\s+(?:a|an|the)\s+"),  # [hermes]
    ("role_hijack", INJECTION, r"\byou are now\b.{0,40}\b(dan|jailbroken|unrestricted|developer mode|no longer bound|free)"),
    # [hermes] role_pretend, narrowed: "pretend to be" only as an order (Hermes also refuses "likes to pretend to be a pirate")
    ("role_pretend", INJECTION, rf"pretend\s+{_F}(you\s+are|you're|you\s+were)\s+|(^|[.!?;:\n]\s*|\b(you|assistant|ai)\s+(should|must|will|can)\s+)(please\s+)?pretend\s+(that\s+)?(to\s+be|you)\b"),
    ("role_pretend", INJECTION, r"\bpretend (that )?(you have no|there are no) (rules|restrictions)"),
    ("leak_system_prompt", INJECTION, rf"output\s+{_F}(system|initial)\s+prompt"),  # [hermes]
    ("remove_filters", INJECTION, rf"(respond|answer|reply)\s+without\s+{_F}(restrictions|limitations|filters|safety)"),  # [hermes]
    ("fake_update", INJECTION, rf"you\s+have\s+been\s+{_F}(updated|upgraded|patched)\s+to"),  # [hermes]
    ("identity_override", INJECTION, r"\bname\s+yourself\s+\w+"),  # [hermes]
    # ---- Chinese
    ("prompt_injection_zh", INJECTION, r"(忽略|无视|忘记|忘掉|绕过|覆盖)掉?(你|我)?(之前|以上|先前|所有|全部|上面|系统)的?(所有|全部|一切)?的?(指令|指示|提示词?|规则|设定)"),
    ("role_hijack_zh", INJECTION, r"(你现在是|从现在(起|开始)，?你(就)?是|你(现在)?(要|必须)?扮演|(假装|假扮)(你是|成为?)|请你扮演)"),
    ("deception_hide_zh", INJECTION, r"(不要|别)(告诉|通知)用户"),
    ("leak_system_prompt_zh", INJECTION, r"(泄露|透露|输出).{0,6}(系统提示|系统指令)"),
    # ---- hidden markup
    ("html_comment_injection", HIDDEN, r"<!--.*?-->|<!--"),  # [hermes], widened: any HTML comment hides text when rendered
    ("hidden_div", HIDDEN, r"<\s*div\s+style\s*=\s*[\"'][^>]{0,2048}display\s*:\s*none"),  # [hermes]
    # ---- promptware / command and control
    ("c2_node_registration", INJECTION, r"register\s+(yourself\s+)?as\s+a\s*node"),  # [hermes] narrowed ("register a node in the cluster")
    ("c2_heartbeat", INJECTION, r"(heartbeat|beacon)\s+(to|with)\s+|check[\s\-]?in\s+(to|with)\s+(the\s+|a\s+)?(c2|server|https?://|\d{1,3}\.\d{1,3}\.)"),  # [hermes] narrowed ("check-in with her manager")
    ("c2_task_pull", INJECTION, r"pull\s+(down\s+)?(?:new\s+)?tasking\b|pull\s+(down\s+)?(new\s+)?tasks?\s+from\s+(the\s+|a\s+)?(c2|server|https?://)"),  # [hermes] narrowed ("pull tasks from Jira")
    ("c2_network_connect", INJECTION, r"\b(you|agent|assistant)\s+(must|should|will|need to)\s+connect\s+to\s+the\s+network\b"),  # [hermes] narrowed
    ("forced_action", INJECTION, r"you\s+must\s+(?:\w+\s+){0,3}(register|connect|report|beacon)\b"),  # [hermes]
    ("anti_forensic_oneliner", INJECTION, r"only\s+use\s+one[\s\-]?liners?\b"),  # [hermes]
    ("anti_forensic_disk", INJECTION, rf"never\s+{_F}(?:create|write)\s+{_F}(?:script|file)\s+{_F}disk"),  # [hermes]
    ("env_var_unset_agent", INJECTION, r"unset\s+\w*(?:CLAUDE|CODEX|HERMES|AGENT|OPENAI|ANTHROPIC)\w*"),  # [hermes]
    ("known_c2_framework", INJECTION, r"\b(?:cobalt\s*strike|metasploit|brainworm)\b|\b(sliver|havoc|mythic)\s+(c2|implants?|beacons?|agents?|payloads?|listeners?|servers?|teamservers?)\b"),  # [hermes] narrowed ("a sliver of cake")
    ("c2_explicit", INJECTION, r"\bc2\s+(?:server|channel|infrastructure|beacon)\b|\bcommand\s+and\s+control\b"),  # [hermes]
    # ---- exfiltration and remote code
    ("exfil_curl", EXFILTRATION, r"(curl|wget)\s+[^\n]{0,2048}\$\{?\w*(KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)"),  # [hermes]
    ("read_secrets", EXFILTRATION, r"cat\s+[^\n]{0,2048}(\.env|credentials|\.netrc|\.pgpass|\.npmrc|\.pypirc)"),  # [hermes]
    ("read_secrets", EXFILTRATION, r"(cat|type|less|more|head|tail|cp|scp)\s+[^\n]{0,40}(\.env\b|id_rsa|id_ed25519|\.ssh/|/etc/shadow|\.aws/credentials|\.netrc)"),
    ("send_to_url", EXFILTRATION, r"(send|post|upload|transmit)\s+[^\n]{0,2048}\s+(to|at)\s+https?://"),  # [hermes]
    ("context_exfil", EXFILTRATION, rf"(include|output|print|share)\s+{_F}(conversation|chat\s+history|previous\s+messages|full\s+context|entire\s+context)"),  # [hermes]
    ("network_command", EXFILTRATION, r"\b(curl|wget|nc|ncat|netcat|scp|rsync|ftp)\b[^\n]{0,80}(https?://|\d{1,3}(\.\d{1,3}){3}|@)"),
    ("send_secrets", EXFILTRATION, r"\b(send|post|upload|forward|email|exfiltrate|transmit|leak)\b.{0,60}(?:\b(api[_ -]?keys?|passwords?|credentials?|tokens?|secrets?|private keys?|ssh keys?|(?:session|auth|authentication|login|browser|tracking)\s+cookies?)\b|(?<![\w.])\.env\b)"),  # a cookie is a web secret only when it says so ("the recipes for the cookies")
    ("send_secrets_zh", EXFILTRATION, r"(发送|上传|转发|泄露|发到|发给).{0,20}(密码|密钥|令牌|凭证|私钥|api ?key|token)|(密码|密钥|令牌|凭证|私钥|api ?key|token).{0,20}(发送|上传|转发|泄露|发到|发给)"),
    ("pipe_to_shell", EXFILTRATION, r"\|\s*(sudo\s+(-\S+\s+)*)?(bash|sh|zsh|ksh|dash|python[23]?)\b|\|\s*sudo\s+(-\S+\s+)*\w+"),
    ("shell_from_download", EXFILTRATION, r"\b(bash|sh|zsh)\s+(-c\s+)?[\"']?(<\(|\$\()\s*(curl|wget)\b|\b(iex|invoke-expression)\b.{0,40}\b(iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring)\b"),
    ("base64_pipe", EXFILTRATION, r"\bbase64\b[^\n]{0,40}\|\s*(curl|nc|wget)"),
    # ---- persistence
    ("ssh_backdoor", PERSISTENCE, r"authorized_keys"),  # [hermes]
    ("ssh_access", PERSISTENCE, r"(\$home|~)/\.ssh/id_|\b(cat|cp|copy|scp|read|print|send|upload|share|paste|show|open|mv|move|rsync|tar|zip)\b[^\n]{0,80}(\$home|~)/\.ssh\b"),  # [hermes] narrowed ("SSH keys live in ~/.ssh")
    ("hermes_env", PERSISTENCE, r"\$HOME/\.hermes/\.env|\~/\.hermes/\.env"),  # [hermes]
    ("agent_config_mod", PERSISTENCE, r"(update|modify|edit|write|change|append|add\s+to)\s+[^\n]{0,2048}(?:AGENTS\.md|CLAUDE\.md|\.cursorrules|\.clinerules)"),  # [hermes]
    ("hermes_config_mod", PERSISTENCE, r"(update|modify|edit|write|change|append|add\s+to)\s+[^\n]{0,2048}\.hermes/(config\.yaml|SOUL\.md)"),  # [hermes]
    ("agent_config_mod_zh", PERSISTENCE, r"(修改|编辑|改写|写入|追加|添加到|更新).{0,40}(AGENTS\.md|CLAUDE\.md|authorized_keys|\.hermes/)"),
]  # fmt: skip

_SECRET_PATTERNS: list[tuple[str, str]] = [
    (r"\bsk-(proj-|ant-)?[A-Za-z0-9_-]{20,}", "an API key (sk-…)"),
    (r"\b[sr]k_(live|test)_[A-Za-z0-9]{16,}", "a Stripe secret key"),
    (r"\bgh[pousr]_[A-Za-z0-9]{30,}", "a GitHub token"),
    (r"\bgithub_pat_[A-Za-z0-9_]{30,}", "a GitHub token"),
    (r"\bgl(pat|ptt|dt|rt|cbt|oas)-[A-Za-z0-9_-]{20,}", "a GitLab token"),
    (r"\bhf_[A-Za-z0-9]{30,}", "a Hugging Face token"),
    (r"\bnpm_[A-Za-z0-9]{36}\b", "an npm token"),
    (r"\bpypi-AgE[A-Za-z0-9_-]{50,}", "a PyPI token"),
    (r"\b(AKIA|ASIA)[0-9A-Z]{16}\b", "an AWS access key"),
    (r"\bxox[abprs]-[A-Za-z0-9-]{10,}", "a Slack token"),
    (r"\bAIza[0-9A-Za-z_-]{35}\b", "a Google API key"),
    (r"-----BEGIN [A-Z ]*PRIVATE KEY-----", "a private key"),
    (r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}", "a JSON web token"),
    (r"(?:api[_-]?key|token|secret|password)\s*[=:]\s*[\"'][A-Za-z0-9+/=_-]{20,}", "a hardcoded secret"),  # [hermes] hardcoded_secret
    (r"\b(password|passwd|pwd|api[_-]?key|secret|token)\s*[:=]\s*\S{6,}", "a credential assignment"),
    # "my password is hunter2hunter2": a value with a digit or symbol, or a long passphrase
    (r"\b(password|passwd|passcode|passphrase|pin)\s+(is|was|=|:)\s+[\"']?(?=\S*[^A-Za-z\s.,;!?\"'])\S{6,}", "a password"),
    (r"\b(password|passwd|passcode|passphrase)\s+(is|was)\s+[\"']?[A-Za-z]{12,}[\"']?\s*([.!]\s*)?$", "a password"),
    # 密码是 hunter2hunter2, not 密码是 Bitwarden 生成的: the value has a digit or a symbol
    (r"(密码|口令|密钥|验证码|私钥)\s*(是|为|[:：=])\s*[\"'“]?(?=[\x21-\x7e]*[\x21-\x40\x5b-\x60\x7b-\x7e])[\x21-\x7e]{6,}", "a password"),
]  # fmt: skip


INJECTION_FLAGS = re.IGNORECASE | re.DOTALL
SECRET_FLAGS = re.IGNORECASE | re.MULTILINE


@functools.cache
def _compiled() -> tuple[list, list, re.Pattern, tuple[str, ...]]:
    """The patterns, compiled on the first check (not at import: `dmem --help` needs none), each with
    the literals one of which any match of it contains (:mod:`.regex_cues`), and all the cues."""
    injections = [(label, kind, *_compile_with_cues(regex, INJECTION_FLAGS)) for label, kind, regex in _PATTERNS]
    secrets = []
    for regex, what in _SECRET_PATTERNS:
        pattern, cues = _compile_with_cues(regex, SECRET_FLAGS)
        secrets.append((pattern, what, cues))
    every_cue = set().union(*(cues for *_rest, cues in injections + secrets if cues))
    return injections, secrets, compile_fixed(r"[A-Za-z0-9+/_-]{24,}={0,2}"), tuple(sorted(every_cue))


def _compile_with_cues(regex: str, flags: int) -> tuple[re.Pattern | LazyPattern, frozenset[str] | None]:
    """The pattern and its cues (:mod:`.regex_cues`). Cues come from the generated table, and then
    the pattern is compiled only when a text first holds one (most texts hold none, and a one-shot
    `dmem add` would otherwise compile every pattern); a pattern not in the table is compiled and
    its cues read from the one parse."""
    known = _CUES.get(regex, flags)
    if known is not None:
        return LazyPattern(regex, flags), frozenset(known[0])
    pattern, cues, _folded = compile_with_cues(regex, flags)
    return pattern, cues


_CUES = CueTable(__package__, "safety_cues.json")


# -------------------------------------------------------------------------- the cue gate
#
# Each pattern is searched only when the text holds one of its *cues* (see :mod:`.regex_cues`):
# literals read off the pattern's own parse tree such that every match contains one of them, compared
# in the case the engine matches by. The gate skips only searches that would find nothing, so the
# verdicts and reasons are the same (tests/core/test_safety_gate.py compares both over the corpora
# and probes). A pattern with no cue to read is searched on every text.


def _gate_of(compiled: tuple) -> tuple[list, dict[str, tuple[int, ...]], tuple[int, ...], tuple[str, ...]]:
    """For the patterns of ``compiled`` (:func:`_compiled`), in the order they are tried: (reason,
    pattern) of each; cue → the patterns it opens; the patterns with no cue (tried on every text); and
    every cue, whose trie (:func:`regex_cues.any_of`) tells most texts at once that they hold none
    (100,000 entries loaded for the first time: 165 substring searches each took most of the
    check)."""
    injections, secrets, _base64, every_cue = compiled
    checks = [(f"{kind} [{label}]", pattern, cues) for label, kind, pattern, cues in injections]
    checks += [(SECRET.format(what=what), pattern, cues) for pattern, what, cues in secrets]
    by_cue: dict[str, list[int]] = {}
    for order, (_reason, _pattern, cues) in enumerate(checks):
        for cue in cues or ():
            by_cue.setdefault(cue, []).append(order)
    uncued = tuple(order for order, (*_check, cues) in enumerate(checks) if cues is None)
    return [check[:2] for check in checks], {cue: tuple(orders) for cue, orders in by_cue.items()}, uncued, every_cue


@functools.lru_cache(maxsize=2)
def _cue_trie(every_cue: tuple[str, ...]) -> re.Pattern:
    return any_of(every_cue)


TRIE_AFTER = 64  # texts a process checks before it compiles the cue trie (9 ms): a one-shot add checks a few
_checked = itertools.count()


def _tried(forms: list[str]) -> list[int]:
    """The patterns worth searching ``forms`` with, in order: those with no cue, and those with a cue
    that occurs in a form (compared in the engine's case)."""
    checks, by_cue, uncued, every_cue = _gate()
    joined = "\0".join(matching_case(form) for form in forms)  # no cue holds a NUL, so none spans two forms
    if not every_cue or (next(_checked) >= TRIE_AFTER and not _cue_trie(every_cue).search(joined)):
        return list(uncued)
    opened = {order for cue in filter(joined.__contains__, by_cue) for order in by_cue[cue]}
    return sorted(opened.union(uncued))


_GATE: dict[int, tuple] = {}  # id of the compiled patterns → (them, their gate): one entry


def _gate() -> tuple:
    """:func:`_gate_of` the patterns :func:`_compiled` gives, built once for them."""
    compiled = _compiled()
    known = _GATE.get(id(compiled))
    if known is None or known[0] is not compiled:
        _GATE.clear()
        known = _GATE[id(compiled)] = (compiled, _gate_of(compiled))
    return known[1]


def _decoded_base64(text: str) -> list[str]:
    """Readable text hidden in base64 runs (standard or URL-safe alphabet)."""
    found = []
    for match in _compiled()[2].finditer(text):
        import base64  # on demand: a rare run

        run = match.group(0).rstrip("=")
        padded = run + "=" * (-len(run) % 4)
        for alphabet in (None, b"-_"):
            try:
                raw = base64.b64decode(padded, altchars=alphabet, validate=True)
                decoded = raw.decode("utf-8")
            except ValueError:  # binascii.Error is one
                continue
            if all(c.isprintable() or c in "\n\t" for c in decoded):
                found.append(decoded)
                break
    return found


def _match(forms: list[str]) -> str | None:
    checks = _gate()[0]
    for order in _tried(forms):
        reason, pattern = checks[order]
        if any(pattern.search(form) for form in forms):
            return reason
    return None


def unsafe_reason(text: str) -> str | None:
    """Why ``text`` must not be stored as (or shown from) a memory, or None when it is fine.

    The reason never quotes the text, so it can be shown anywhere.
    """
    reason = _invisible_reason(text)
    if reason:
        return reason
    normal = unicodedata.normalize("NFKC", text)
    folded = fold(text)
    reason = _match([normal] if folded == normal else [normal, folded])
    if reason:
        return reason
    for decoded in _decoded_base64(normal):
        inner = _invisible_reason(decoded) or _match([unicodedata.normalize("NFKC", decoded), fold(decoded)])
        if inner:
            return f"base64-encoded text: {inner}"
    return None
