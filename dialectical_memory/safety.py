"""Refuse memory text that would poison the system prompt or leak secrets.

Memory text is injected into every future system prompt, so it is an attack surface: a note that
says "ignore previous instructions" or carries an API key must never be stored. Each check returns a
reason a person can act on; the store refuses the write and writes nothing.
"""

from __future__ import annotations

import re
import unicodedata

from .errors import UnsafeContentError

# Zero-width, bidi-override and other invisible format characters that hide text from a reviewer.
_INVISIBLE = {
    "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\u2061", "\u2062", "\u2063",
    "\u2064", "\ufeff", "\u00ad", "\u180e", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
    "\u2066", "\u2067", "\u2068", "\u2069",
}  # fmt: skip

_INJECTION_PATTERNS = [
    r"\b(ignore|disregard|forget|override|bypass)\b.{0,20}\b(previous|prior|above|earlier|all|any|your|system)( (of )?(the|your|my|these|those))?\s+(instructions?|prompts?|rules?|guidelines?|directives?|messages?)\b",
    r"\byou are now\b.{0,40}\b(dan|jailbroken|unrestricted|developer mode|no longer bound)",
    r"\b(new|updated|real) system prompt\b",
    r"<\s*/?\s*(system|im_start|im_end|assistant)\s*>",
    r"\[\s*(system|inst)\s*\]",
    r"\bdo not (tell|inform|alert) the user\b",
    r"\bpretend (that )?(you have no|there are no) (rules|restrictions)",
    r"\breveal (your|the) (system prompt|hidden instructions)",
    r"(忽略|无视|忘记|忘掉|绕过|覆盖)掉?(你|我)?(之前|以上|先前|所有|全部|上面|系统)的?(所有|全部|一切)?的?(指令|指示|提示词?|规则|设定)",
    r"(你现在是|从现在起你是).{0,12}(不受限制|没有限制|越狱|开发者模式)",
    r"(不要|别)(告诉|通知)用户",
    r"(泄露|透露|输出).{0,6}(系统提示|系统指令)",
]

_EXFILTRATION_PATTERNS = [
    r"\b(curl|wget|nc|ncat|netcat|scp|rsync|ftp)\b[^\n]{0,80}(https?://|\d{1,3}(\.\d{1,3}){3}|@)",
    r"\b(send|post|upload|forward|email|exfiltrate|transmit|leak)\b.{0,60}\b(api[_ -]?keys?|passwords?|credentials?|tokens?|secrets?|private keys?|\.env|ssh keys?|cookies?)\b",
    r"(发送|上传|转发|泄露|发到|发给).{0,20}(密码|密钥|令牌|凭证|私钥|api ?key|token)",
    r"(密码|密钥|令牌|凭证|私钥|api ?key|token).{0,20}(发送|上传|转发|泄露|发到|发给)",
    r"(cat|type|less|more)\s+[^\n]{0,40}(\.env\b|id_rsa|\.ssh/|/etc/shadow|\.aws/credentials|\.netrc)",
    r"\|\s*(bash|sh|zsh|python3?)\b",
    r"\bbase64\b[^\n]{0,40}\|\s*(curl|nc|wget)",
]

_SECRET_PATTERNS = [
    (r"\bsk-(proj-|ant-)?[A-Za-z0-9_-]{20,}", "an API key (sk-…)"),
    (r"\bgh[pousr]_[A-Za-z0-9]{30,}", "a GitHub token"),
    (r"\bgithub_pat_[A-Za-z0-9_]{30,}", "a GitHub token"),
    (r"\bAKIA[0-9A-Z]{16}\b", "an AWS access key"),
    (r"\bxox[abprs]-[A-Za-z0-9-]{10,}", "a Slack token"),
    (r"\bAIza[0-9A-Za-z_-]{35}\b", "a Google API key"),
    (r"-----BEGIN [A-Z ]*PRIVATE KEY-----", "a private key"),
    (r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}", "a JSON web token"),
    (r"\b(password|passwd|pwd|api[_-]?key|secret|token)\s*[:=]\s*\S{6,}", "a credential assignment"),
    (r"(密码|口令|密钥)\s*(是|为|[:：=])\s*\S{6,}", "a password"),
]


def _compile(patterns):
    return [re.compile(p, re.IGNORECASE | re.DOTALL) for p in patterns]


_INJECTION = _compile(_INJECTION_PATTERNS)
_EXFILTRATION = _compile(_EXFILTRATION_PATTERNS)
_SECRETS = [(re.compile(p, re.IGNORECASE), what) for p, what in _SECRET_PATTERNS]


_ZERO_WIDTH_JOINER = "\u200d"


def _joins_emoji(text: str, index: int) -> bool:
    """U+200D between two emoji (👨‍👩‍👧) is how emoji sequences are spelled, not hidden text."""
    before, after = text[index - 1 : index], text[index + 1 : index + 2]
    return bool(before and after) and all(
        unicodedata.category(c) == "So" or c == "\ufe0f" for c in (before, after)
    )


def _invisible_reason(text: str) -> str | None:
    for index, char in enumerate(text):
        if char == _ZERO_WIDTH_JOINER and _joins_emoji(text, index):
            continue
        if char in _INVISIBLE or unicodedata.category(char) in ("Cf", "Co", "Cs"):
            return f"invisible or bidirectional control character U+{ord(char):04X} is not allowed"
        if unicodedata.category(char) == "Cc" and char not in "\n\t":
            return f"control character U+{ord(char):04X} is not allowed"
    return None


def unsafe_reason(text: str) -> str | None:
    """Why ``text`` must not be stored as a memory, or None when it is fine."""
    reason = _invisible_reason(text)
    if reason:
        return reason
    folded = unicodedata.normalize("NFKC", text)
    if any(p.search(folded) for p in _INJECTION):
        return "looks like a prompt injection (an instruction aimed at the assistant, not a memory)"
    if any(p.search(folded) for p in _EXFILTRATION):
        return "looks like a command to exfiltrate data or run a remote script"
    for pattern, what in _SECRETS:
        if pattern.search(folded):
            return f"looks like it contains {what}; secrets do not belong in memory"
    return None


def check_content(text: str) -> None:
    """Raise :class:`UnsafeContentError` with the reason when ``text`` must not be stored."""
    reason = unsafe_reason(text)
    if reason:
        raise UnsafeContentError(reason)
