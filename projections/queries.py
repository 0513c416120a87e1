"""Questions asked of the read models: the state now or as of a command or session (as
corrected since, or as the table saw it), the log, one command, the facts a what-if or an
explanation folds again, sessions and notes."""

import json

from ledger.rules.errors import BadValue, RuleRefusal

LOG_COLUMNS = ("position", "session", "timestamp", "characters", "kind", "fact", "result",
               "note", "now")


def _load(text):
    return json.loads(text) if text else None


class Queries:
    def __init__(self, db, projections):
        """`projections`: anything with `t`, the read models' table names (schema.Tables)."""
        self.db = db
        self.projections = projections

    def _rows(self, sql: str, params=()) -> list[tuple]:
        t = self.projections.t
        with self.db.tx(commit=False) as c:
            c.execute(sql.replace("{commands}", t.commands).replace("{snapshots}", t.snapshots)
                      .replace("{history}", t.history), params)
            return c.fetchall()

    def last_number(self) -> int:
        rows = self._rows("SELECT MAX(number) FROM {commands}")
        return rows[0][0] or 0

    def command_at(self, number: int) -> dict | None:
        rows = self._rows("SELECT kind, streams, fact FROM {commands} WHERE number = ?",
                          (number,))
        if not rows:
            return None
        kind, streams, fact = rows[0]
        return {"kind": kind, "streams": json.loads(streams), "fact": json.loads(fact)}

    def facts(self, after: int = 0, upto: int | None = None) -> list[tuple[int, dict]]:
        """Recorded facts in order, (after, upto]."""
        if upto is None:
            rows = self._rows("SELECT number, fact FROM {commands} WHERE number > ? "
                              "ORDER BY number", (after,))
        else:
            rows = self._rows("SELECT number, fact FROM {commands} WHERE number > ? AND "
                              "number <= ? ORDER BY number", (after, upto))
        return [(p, json.loads(f)) for p, f in rows]

    def check_number(self, number: int, what: str = "--as-of") -> None:
        last = self.last_number()
        if not 1 <= number <= last:
            raise BadValue("command.out_of_range", None, option=what, number=number, last=last)

    # -- the past --------------------------------------------------------------------------
    def state_as_of(self, number: int, as_recorded: bool = False):
        """The campaign as it stood when command `number` was the last: by default as the
        record stands now (corrections recorded later apply to it), or as the table saw it
        then (`as_recorded`). Folded from the nearest snapshot that the corrections in force
        leave as it was."""
        from ledger.rules.fold import CampaignState, effective_voids, fold_history

        voids = [(n, json.loads(f)) for n, f in self._rows(
            "SELECT number, fact FROM {commands} WHERE kind = 'void' ORDER BY number")]
        upto_voids = [(n, f) for n, f in voids if n <= number]
        in_force = effective_voids(upto_voids if as_recorded else voids)
        start, base = 0, None
        for snap, body in self._rows("SELECT number, body FROM {snapshots} WHERE number <= ? "
                                     "ORDER BY number DESC", (number,)):
            then = effective_voids([(n, f) for n, f in voids if n <= snap])
            reaching = {t: v for t, v in in_force.items() if t <= snap}
            if reaching == {t: v for t, v in then.items() if t <= snap}:
                start, base = snap, CampaignState.from_dict(json.loads(body))
                break
        state = base or CampaignState()
        facts = self.facts(start, number)
        for _pos, _fact, state, _res, _note in fold_history(facts, start=base, voids=in_force):
            pass
        return state

    def sessions(self) -> list[dict]:
        """Every session: number, title, start and end command numbers (end None while
        open)."""
        sessions: dict[int, dict] = {}
        for number, kind, session, fact in self._rows(
                "SELECT number, kind, session, fact FROM {commands} WHERE kind IN "
                "('session start', 'session end') ORDER BY number"):
            if kind == "session start":
                title = json.loads(fact).get("args", {}).get("title")
                sessions[session] = {"number": session, "title": title, "start": number,
                                     "end": None}
            elif session in sessions:
                sessions[session]["end"] = number
        return list(sessions.values())

    def session_end(self, number: int, last: int | None = None) -> int:
        """The command number at which session `number` ended (the last command while it is
        still open)."""
        sessions = self.sessions()
        for session in sessions:
            if session["number"] == number:
                if session["end"] is not None:
                    return session["end"]
                return last if last is not None else self.last_number()
        raise BadValue("session.unknown", None, number=number,
                       known=[s["number"] for s in sessions])

    # -- the log -----------------------------------------------------------------------------
    def log(self, names: list[str] | None = None, session: int | None = None,
            upto: int | None = None, after: int = 0) -> list[dict]:
        """Every command, oldest first, with what the rules made of it then and now, and the
        notes attached to it."""
        sql = ("SELECT number, session, timestamp, characters, kind, fact, result, note, now "
               "FROM {commands}")
        where, params = [], []
        if names and len(names) == 1:  # a first cut in SQL; the names are checked below
            escaped = json.dumps(names[0], ensure_ascii=False).replace("\\", "\\\\")
            escaped = escaped.replace("%", "\\%").replace("_", "\\_")
            where.append("characters LIKE ? ESCAPE '\\'")
            params.append(f"%{escaped}%")
        if session is not None:
            where.append("session = ?")
            params.append(session)
        if upto is not None:
            where.append("number <= ?")
            params.append(upto)
        if after:
            where.append("number > ?")
            params.append(after)
        if where:
            sql += " WHERE " + " AND ".join(where)
        notes = self.notes()
        wanted = None if not names else {n.casefold() for n in names}
        entries = []
        for row in self._rows(sql + " ORDER BY number", tuple(params)):
            entry = dict(zip(LOG_COLUMNS, row))
            entry["characters"] = json.loads(entry["characters"])
            if wanted and not wanted & {n.casefold() for n in entry["characters"]}:
                continue
            entry["fact"] = json.loads(entry["fact"])
            entry["result"] = _load(entry["result"])
            entry["note"] = _load(entry["note"])
            entry["now"] = _load(entry["now"])
            entry["notes"] = notes.get(entry["position"], [])
            entries.append(entry)
        return entries

    def history(self, name: str, upto: int | None = None) -> list[dict]:
        """A character's consequences that `explain` tells, in command order, as the record
        stands (the history read model)."""
        sql = ("SELECT number, kind, code, params, rules FROM {history} WHERE character = ?"
               + (" AND number <= ?" if upto is not None else "") + " ORDER BY number, seq")
        params = (name,) if upto is None else (name, upto)
        return [{"position": n, "kind": k, "code": c, "params": json.loads(p),
                 "rules": json.loads(r)} for n, k, c, p, r in self._rows(sql, params)]

    def notes_about(self, name: str, upto: int | None = None) -> list[dict]:
        """The GM's notes attached to the commands that name `name`."""
        notes = self.notes()
        if not notes:
            return []
        targets = sorted(n for n in notes if upto is None or n <= upto)
        found = []
        for number, kind, characters in self._rows(
                "SELECT number, kind, characters FROM {commands} WHERE number IN ("
                + ", ".join("?" * len(targets)) + ") ORDER BY number", tuple(targets)):
            if name in json.loads(characters):
                found += [{"position": number, "kind": kind, **note} for note in notes[number]]
        return found

    def notes(self) -> dict[int, list[dict]]:
        """GM notes by the command they are attached to (voided notes left out)."""
        out: dict[int, list[dict]] = {}
        for number, fact, note in self._rows("SELECT number, fact, note FROM {commands} "
                                             "WHERE kind = 'note' ORDER BY number"):
            if note:
                continue
            args = json.loads(fact)["args"]
            out.setdefault(args["number"], []).append({"number": number, "text": args["text"]})
        return out

    def without_effect(self, name: str) -> list[dict]:
        """Commands naming `name` that a correction or the rules left without effect."""
        rows = self._rows("SELECT number, kind, characters, fact, note FROM {commands} "
                          "WHERE note IS NOT NULL ORDER BY number")
        return [{"position": p, "kind": k, "fact": json.loads(f), "note": json.loads(n)}
                for p, k, chars, f, n in rows if name in json.loads(chars)]

    def require_campaign(self, state) -> None:
        if state.name is None:
            raise RuleRefusal("campaign.none", None)
