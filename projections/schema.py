"""Tables of the read models, in the campaign's own store, and their tracking keys.

SQLite's tracking table is shared by everything in one file, so each projection has its own
key (`pangee.status`, `pangee.timeline`); they are caught up together, in one transaction.
"""

TRACKING_KEYS = ("pangee.status", "pangee.timeline")

TABLES = {
    "pangee_tracking": "name TEXT PRIMARY KEY, position BIGINT NOT NULL",
    "pangee_state": "name TEXT PRIMARY KEY, body TEXT NOT NULL",
    "pangee_timeline": (
        "position BIGINT PRIMARY KEY, first_position BIGINT NOT NULL, cmd TEXT NOT NULL, "
        "session INTEGER, timestamp TEXT, kind TEXT NOT NULL, characters TEXT NOT NULL, "
        "streams TEXT NOT NULL, summary TEXT NOT NULL, rules TEXT NOT NULL, outcome TEXT, "
        "fact TEXT NOT NULL, result TEXT, note TEXT, chain TEXT NOT NULL"),
    "pangee_snapshots": "position BIGINT PRIMARY KEY, body TEXT NOT NULL",
}


def tables_ready(db) -> bool:
    """Everything exists already (the usual case), answered by a read: opening a store then
    writes nothing, so concurrent writers never wait on each other just to open it."""
    try:
        with db.tx(commit=False) as c:
            c.execute(f"SELECT name FROM {db.table('pangee_tracking')}")
            return {row[0] for row in c.fetchall()} >= set(TRACKING_KEYS)
    except Exception:  # no table yet: create them below
        return False


def create_tables(db) -> None:
    if tables_ready(db):
        return
    with db.tx() as c:
        for name, columns in TABLES.items():
            c.execute(f"CREATE TABLE IF NOT EXISTS {db.table(name)} ({columns})")
        c.execute(f"CREATE INDEX IF NOT EXISTS pangee_timeline_session ON "
                  f"{db.table('pangee_timeline')} (session)")
        for key in TRACKING_KEYS:
            c.execute(f"INSERT INTO {db.table('pangee_tracking')} (name, position) VALUES (?, 0) "
                      "ON CONFLICT (name) DO NOTHING", (key,))


def reset_tables(c, db) -> None:
    """Empty every read model (for a rebuild from zero), in the caller's transaction."""
    for name in ("pangee_state", "pangee_timeline", "pangee_snapshots"):
        c.execute(f"DELETE FROM {db.table(name)}")
    c.execute(f"UPDATE {db.table('pangee_tracking')} SET position = 0")
