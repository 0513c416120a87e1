"""Questions asked of the read models: status now or as of a position or session, the log,
one command, and the facts a what-if or an explanation folds again."""

import json

from ledger.rules.errors import BadValue, RuleRefusal
from ledger.rules.fold import CampaignState, fold_history

LOG_COLUMNS = ("position", "session", "timestamp", "characters", "kind", "summary", "rules",
               "outcome", "note")


class Queries:
    def __init__(self, db, projections):
        self.db = db
        self.projections = projections

    def _rows(self, sql: str, params=()) -> list[tuple]:
        with self.db.tx(commit=False) as c:
            c.execute(sql.replace("{timeline}", self.db.table("pangee_timeline"))
                      .replace("{snapshots}", self.db.table("pangee_snapshots")), params)
            return c.fetchall()

    def command_at(self, position: int) -> dict | None:
        rows = self._rows("SELECT kind, streams, fact FROM {timeline} WHERE position = ?",
                          (position,))
        if not rows:
            return None
        kind, streams, fact = rows[0]
        return {"kind": kind, "streams": json.loads(streams), "fact": json.loads(fact)}

    def facts(self, after: int = 0, upto: int | None = None) -> list[tuple[int, dict]]:
        """Recorded facts in order, (after, upto]."""
        if upto is None:
            rows = self._rows("SELECT position, fact FROM {timeline} WHERE position > ? "
                              "ORDER BY position", (after,))
        else:
            rows = self._rows("SELECT position, fact FROM {timeline} WHERE position > ? AND "
                              "position <= ? ORDER BY position", (after, upto))
        return [(p, json.loads(f)) for p, f in rows]

    def state_as_of(self, position: int) -> CampaignState:
        """The state `status` showed when `position` was the last event: the nearest fold
        snapshot before it that no later correction reaches back past, plus the facts since."""
        voids = [(p, json.loads(f)["args"]["position"]) for p, f in self._rows(
            "SELECT position, fact FROM {timeline} WHERE kind = 'void' AND position <= ?",
            (position,))]
        start, base = 0, None
        for snap_pos, body in self._rows("SELECT position, body FROM {snapshots} WHERE "
                                         "position <= ? ORDER BY position DESC", (position,)):
            if all(not (snap_pos < v <= position and target <= snap_pos) for v, target in voids):
                start, base = snap_pos, CampaignState.from_dict(json.loads(body))
                break
        state = base or CampaignState()
        for _pos, _fact, state, _res, _note in fold_history(self.facts(start, position),
                                                             start=base):
            pass
        return state

    def sessions(self) -> list[dict]:
        """Every session: number, title, start and end positions (end None while open)."""
        sessions: dict[int, dict] = {}
        for position, kind, session, fact in self._rows(
                "SELECT position, kind, session, fact FROM {timeline} WHERE kind IN "
                "('session start', 'session end') ORDER BY position"):
            if kind == "session start":
                title = json.loads(fact).get("args", {}).get("title")
                sessions[session] = {"number": session, "title": title, "start": position,
                                     "end": None}
            elif session in sessions:
                sessions[session]["end"] = position
        return list(sessions.values())

    def session_end(self, number: int, state: CampaignState) -> int:
        """The position at which session `number` ended (its last event while open)."""
        sessions = self.sessions()
        for session in sessions:
            if session["number"] == number:
                return session["end"] if session["end"] is not None else state.position
        known = ", ".join(str(s["number"]) for s in sessions) or "none yet"
        raise BadValue(f"no session {number}: expected one of {known}")

    def log(self, names: list[str] | None = None, session: int | None = None) -> list[dict]:
        sql = (f"SELECT {', '.join(LOG_COLUMNS)}, fact, result FROM {{timeline}}")
        params: tuple = ()
        if session is not None:
            sql += " WHERE session = ?"
            params = (session,)
        entries = []
        wanted = None if not names else {n.casefold() for n in names}
        for row in self._rows(sql + " ORDER BY position", params):
            entry = dict(zip(LOG_COLUMNS, row))
            entry["characters"] = json.loads(entry["characters"])
            entry["rules"] = json.loads(entry["rules"])
            entry["fact"] = json.loads(row[-2])
            entry["result"] = json.loads(row[-1]) if row[-1] else None
            if wanted and not wanted & {n.casefold() for n in entry["characters"]}:
                continue
            entries.append(entry)
        return entries

    def without_effect(self, name: str) -> list[dict]:
        """Commands naming `name` that a correction or the rules left without effect."""
        rows = self._rows("SELECT position, kind, characters, summary, note FROM {timeline} "
                          "WHERE note IS NOT NULL ORDER BY position")
        return [{"position": p, "kind": k, "summary": s, "note": n}
                for p, k, chars, s, n in rows if name in json.loads(chars)]

    def chains(self) -> list[tuple[int, str]]:
        return [(p, c) for p, c in self._rows("SELECT position, chain FROM {timeline} "
                                              "ORDER BY position")]

    def require_campaign(self, state: CampaignState) -> None:
        if state.name is None:
            raise RuleRefusal("no campaign in this store yet: run pangee init NAME first")
