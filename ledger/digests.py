"""The hashes the record is proved with: each event's digest over its canonical content, and
the running chain of the whole history (one more event at a time). Kept apart, with nothing
heavy imported, so readers and verifiers need no event library."""

import hashlib
import json


GENESIS = "0" * 64


JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""The JSON of the stored events: compact, UTF-8, keys in the order they were written (a
parsed event dumped again gives the same text, which is what digests are computed over)."""


def event_digest(topic: str, stream: str, version: int, timestamp: str, fact: dict,
                 outcome: dict, meta: dict) -> str:
    """The hash of a stored event's content (its own digest left out), by the formula of its
    shape: shape 2 hashes the JSON of its fact, outcome and meta as stored; shape 1 (the
    first release) hashed one sorted JSON document of everything."""
    rest = {k: v for k, v in meta.items() if k != "digest"}
    if meta.get("shape") == 2:
        return digest_v2(topic, stream, version, timestamp, JSON(fact), JSON(outcome), JSON(rest))
    body = {"topic": topic, "stream": stream, "version": version, "timestamp": timestamp,
            "fact": fact, "outcome": outcome, "meta": rest}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def digest_v2(topic: str, stream: str, version: int, timestamp: str, fact_json: str,
              outcome_json: str, meta_json: str) -> str:
    """Shape 2: the hash of the event's place (topic, stream, version, time) and of the JSON
    of its fact, outcome and meta (without its digest) exactly as stored."""
    head = JSON([topic, stream, version, timestamp])
    text = "\n".join((head, fact_json, outcome_json, meta_json))
    return hashlib.sha256(text.encode()).hexdigest()


def canonical(outcome: dict) -> str:
    """Canonical JSON of a witness, for comparing two of them."""
    return json.dumps(outcome, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def chain_next(chain: str, digest: str) -> str:
    """The running hash of the history after one more event."""
    return hashlib.sha256((chain + digest).encode()).hexdigest()


from .tokens import checkpoint_token, parse_checkpoint  # noqa: E402 (kept importable here)
