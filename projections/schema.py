"""Tables of the read models, in the campaign's own store, and their tracking key.

Read models are caches: `replay` may throw them away and fold them again from the events,
never the reverse. They are versioned (`SCHEMA`): a store whose read models an older pangee
built gets them rebuilt on open (the events are never touched). SQLite's tracking table is
shared by everything in one file, so the projection has its own key (`pangee.commands`).
"""

SCHEMA = "6"
TRACKING_KEY = "pangee.commands"

TABLES = {
    "pangee_tracking": "name TEXT PRIMARY KEY, position BIGINT NOT NULL",
    "pangee_state": "name TEXT PRIMARY KEY, body TEXT NOT NULL",
    "pangee_commands": (
        "number BIGINT PRIMARY KEY, first_event BIGINT NOT NULL, last_event BIGINT NOT NULL, "
        "cmd TEXT NOT NULL, session INTEGER, timestamp TEXT, kind TEXT NOT NULL, "
        "characters TEXT NOT NULL, streams TEXT NOT NULL, fact TEXT NOT NULL, result TEXT, "
        "note TEXT, now TEXT, chain TEXT NOT NULL, shape INTEGER NOT NULL"),
    "pangee_snapshots": "number BIGINT PRIMARY KEY, body TEXT NOT NULL",
    # each character's history as `explain` tells it: fatigue, wounds, Constitution
    "pangee_history": (
        "character TEXT NOT NULL, number BIGINT NOT NULL, seq INTEGER NOT NULL, "
        "kind TEXT NOT NULL, code TEXT NOT NULL, params TEXT NOT NULL, rules TEXT NOT NULL, "
        "PRIMARY KEY (character, number, seq)"),
}
# the codes of the consequences the history holds (projections/explain.py tells them)
HISTORY_PREFIXES = ("fatigue.", "wound.", "con.", "character.level", "character.hp_max",
                    "character.joined")
OLD_TABLES = ("pangee_timeline",)  # read models of the first release, replaced by the above
COMMAND_COLUMNS = 15


class Tables:
    """The names of one set of read models (`suffix` names a set being rebuilt aside)."""

    def __init__(self, db, suffix: str = ""):
        self.db = db
        self.suffix = suffix

    def __getattr__(self, name: str) -> str:
        return self.db.table(f"pangee_{name}{self.suffix}")

    def raw(self, name: str) -> str:
        return f"pangee_{name}{self.suffix}"


def schema_ready(db, tables: Tables) -> bool:
    """Everything exists already, at this version (the usual case), answered by a read:
    opening a store then writes nothing, so concurrent writers never wait on each other."""
    try:
        with db.tx(commit=False) as c:
            c.execute(f"SELECT body FROM {tables.state} WHERE name = 'schema'")
            row = c.fetchone()
            return row is not None and row[0] == SCHEMA
    except Exception:  # no table yet, or the first release's: create them below
        return False


def create_tables(db, tables: Tables) -> None:
    """Create (or bring to this version) the read models; their content is folded later."""
    if schema_ready(db, tables):
        return
    with db.tx() as c:
        if not tables.suffix:
            _drop_old(c, db)
        for name, columns in TABLES.items():
            c.execute(f"CREATE TABLE IF NOT EXISTS {db.table(name + tables.suffix)} ({columns})")
        c.execute(f"CREATE INDEX IF NOT EXISTS {tables.raw('commands_session')} ON "
                  f"{tables.commands} (session)")
        c.execute(f"CREATE INDEX IF NOT EXISTS {tables.raw('commands_kind')} ON "
                  f"{tables.commands} (kind)")
        c.execute(f"CREATE INDEX IF NOT EXISTS {tables.raw('commands_noted')} ON "
                  f"{tables.commands} (number) WHERE note IS NOT NULL")
        c.execute(f"INSERT INTO {tables.tracking} (name, position) VALUES (?, 0) "
                  "ON CONFLICT (name) DO NOTHING", (TRACKING_KEY,))
        c.execute(f"DELETE FROM {tables.state} WHERE name = 'schema'")
        c.execute(f"INSERT INTO {tables.state} (name, body) VALUES ('schema', ?)", (SCHEMA,))


def _drop_old(c, db) -> None:
    """Read models of another version (the first release's, or an interrupted upgrade):
    dropped, to be folded again from the events."""
    for name in OLD_TABLES + tuple(TABLES):
        c.execute(f"DROP TABLE IF EXISTS {db.table(name)}")


def reset_tables(c, tables: Tables) -> None:
    """Empty every read model of one set, in the caller's transaction."""
    for name in ("state", "commands", "snapshots", "history"):
        c.execute(f"DELETE FROM {getattr(tables, name)} WHERE 1 = 1" if name != "state" else
                  f"DELETE FROM {tables.state} WHERE name <> 'schema'")
    c.execute(f"UPDATE {tables.tracking} SET position = 0")


def swap_in(c, db, aside: Tables, live: Tables) -> None:
    """Replace the live read models by a set rebuilt aside, in the caller's transaction."""
    for name in TABLES:
        c.execute(f"DROP TABLE IF EXISTS {db.table(name)}")
        new = aside.raw(name[len('pangee_'):])
        if db.postgres:
            c.execute(f'ALTER TABLE {db.table(new)} RENAME TO {name}')
        else:
            c.execute(f"ALTER TABLE {new} RENAME TO {name}")
    for index, column, where in (("commands_session", "session", ""),
                                 ("commands_kind", "kind", ""),
                                 ("commands_noted", "number", " WHERE note IS NOT NULL")):
        old = aside.raw(index)
        c.execute(f'DROP INDEX IF EXISTS "{db.schema}".{old}' if db.postgres else
                  f"DROP INDEX IF EXISTS {old}")
        c.execute(f"CREATE INDEX IF NOT EXISTS {live.raw(index)} ON {live.commands} "
                  f"({column}){where}")


def drop_aside(db, aside: Tables) -> None:
    with db.tx() as c:
        for name in TABLES:
            c.execute(f"DROP TABLE IF EXISTS {db.table(aside.raw(name[len('pangee_'):]))}")
