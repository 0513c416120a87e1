"""Checkpoint tokens: `NUMBER-HASH`, the command number and the first 24 hex digits of the
running chain after it (what the players keep; `replay --verify --checkpoint` checks it)."""

from .rules.errors import BadValue


def parse_checkpoint(token: str) -> tuple[int, str]:
    try:
        number, digest = token.strip().split("-", 1)
        number = int(number) if len(number) <= 15 else -1
        int(digest, 16)
    except ValueError:
        raise BadValue("checkpoint.malformed", None, token=token[:60]) from None
    if number < 1 or not 8 <= len(digest) <= 64:
        raise BadValue("checkpoint.malformed", None, token=token[:60])
    return number, digest.lower()


def checkpoint_token(number: int, chain: str) -> str:
    return f"{number}-{chain[:24]}"
