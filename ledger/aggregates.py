"""The event-sourced aggregates: one Campaign and one stream per Character.

Events are facts: the recorded fact (natural dice faces, declared circumstances, GM choices),
the outcome the rules gave at the time as a witness, and bookkeeping (`meta`: the command it
belongs to, its number in the campaign's total order, its session, which values the ledger
rolled, and the hash chains). Topics are explicit, so moving or renaming a class never breaks
a stored campaign.

Every command advances the Campaign stream (its first event), so two commands can never be
folded on the same state: the store's unique (stream, version) key refuses the second, which
is folded again and retried. The commands' characters each get an event in their own stream.

Shapes: version 1 (the first release) had no Campaign event for most commands, no command
numbers and no chain between commands, named corrections by event position and stored
English sentences as witnesses; version 2 holds codes. `upcast_v1_v2` (the library's schema
evolution: `class_version` and `upcast_vX_vY`) reads a v1 event in the v2 shape.
"""

import uuid
from datetime import datetime

from eventsourcing.domain import Aggregate

from .shapes import upcast_v1_v2

NAMESPACE = uuid.UUID("6f0b7c3e-2a52-4f4e-9d8b-1c1d2b7a9e10")
CAMPAIGN_ID = uuid.uuid5(NAMESPACE, "campaign")


def character_id(key: str) -> uuid.UUID:
    """Stable stream id of a character, from its name key."""
    return uuid.uuid5(NAMESPACE, "character:" + key)


class _Stream(Aggregate):
    """Shared behaviour: record one event of a command, and stand at a known version."""

    class Recorded(Aggregate.Event):
        TOPIC = "pangee:Recorded"
        class_version = 2
        fact: dict
        outcome: dict
        meta: dict

        upcast_v1_v2 = staticmethod(upcast_v1_v2)

        def apply(self, aggregate: "Aggregate") -> None:
            """The fold, not the aggregate, derives state: nothing to mutate."""

    def __init__(self, fact: dict, outcome: dict, meta: dict) -> None:
        """Created by its first recorded fact; the fold derives everything else."""

    @classmethod
    def at_version(cls, stream_id: uuid.UUID, version: int, when: datetime):
        """The stream at its known head, without reading its events: the store's unique
        (stream, version) key refuses a concurrent writer, which then retries."""
        stream = object.__new__(cls)
        stream._id = stream_id
        stream._version = version
        stream._created_on = when
        stream._modified_on = when
        stream._pending_events = []
        return stream

    def record(self, event_name: str, fact: dict, outcome: dict, meta: dict,
               timestamp: datetime) -> None:
        """Trigger the named event as the next in this stream."""
        self.trigger_event(getattr(type(self), event_name), fact=fact, outcome=outcome,
                           meta=meta, timestamp=timestamp)

    @classmethod
    def start(cls, stream_id: uuid.UUID, event_name: str, fact: dict, outcome: dict,
              meta: dict, timestamp: datetime):
        """Create the stream with its first recorded fact (version 1)."""
        return cls._create(getattr(cls, event_name), id=stream_id, fact=fact, outcome=outcome,
                           meta=meta, timestamp=timestamp)


class _Started(Aggregate.Created):
    """The first event of a stream: it creates the aggregate (stream version 1)."""

    TOPIC = "pangee:Started"
    class_version = 2
    fact: dict
    outcome: dict
    meta: dict

    upcast_v1_v2 = staticmethod(upcast_v1_v2)


def _events(owner: str, names: list[str], first: str) -> dict:
    return {name: type(name, (_Started if name == first else _Stream.Recorded,),
                       {"TOPIC": f"pangee:{owner}.{name}", "__qualname__": f"{owner}.{name}",
                        "__module__": __name__})
            for name in names}


CHARACTER_EVENTS = {
    "character add": "CharacterAdded",
    "character update": "CharacterUpdated",
    "attack": "AttackRolled",
    "check": "CheckRolled",
    "save": "SaveRolled",
    "damage": "DamageTaken",
    "heal": "HealingReceived",
    "death-save": "DeathSaveRolled",
    "stabilize": "Stabilized",
    "treat": "WoundTreated",
    "tend": "WoundsTended",
    "rest short": "ShortRestTaken",
    "rest night": "NightSpent",
    "rest long": "LongRestTaken",
    "rest wilderness": "WildernessDaySpent",
    "cast": "SpellCast",
    "cast target": "BroughtBackToLife",
    "fatigue": "FatigueChanged",
    "improve": "ConstitutionImproved",
    "void": "CommandVoided",
}

CAMPAIGN_EVENTS = {
    **{kind: name for kind, name in CHARACTER_EVENTS.items() if kind != "cast target"},
    "init": "CampaignStarted",
    "character add": "CharacterEnrolled",
    "session start": "SessionStarted",
    "session end": "SessionEnded",
    "void": "CommandVoided",
    "note": "NoteAttached",
}


class Character(_Stream):
    TOPIC = "pangee:Character"

    class Created(Aggregate.Created):
        TOPIC = "pangee:Character.Created"

    class Event(Aggregate.Event):
        TOPIC = "pangee:Character.Event"

    locals().update(_events("Character", list(CHARACTER_EVENTS.values()), "CharacterAdded"))


class Campaign(_Stream):
    TOPIC = "pangee:Campaign"

    class Created(Aggregate.Created):
        TOPIC = "pangee:Campaign.Created"

    class Event(Aggregate.Event):
        TOPIC = "pangee:Campaign.Event"

    locals().update(_events("Campaign", sorted(set(CAMPAIGN_EVENTS.values())), "CampaignStarted"))
