"""PostgreSQL event recorder without psycopg's pipeline.

eventsourcing 9.5.6 sends a batch as one INSERT … unnest(%s) inside a psycopg pipeline; from
about 7,000 events (a long import) client and server wait on each other for ever (cf.
psycopg issue #685). This recorder runs the same statements — the same EXCLUSIVE table lock,
so positions commit in order — in a plain transaction. Selected for PostgreSQL stores by
`APPLICATION_RECORDER_TOPIC` (ledger/store.py).
"""

from eventsourcing.postgres import PostgresApplicationRecorder


class UnpipelinedRecorder(PostgresApplicationRecorder):
    def insert_events(self, stored_events, **kwargs):
        with self.datastore.get_connection() as conn, conn.transaction(), conn.cursor() as curs:
            self._insert_events(curs, stored_events, **kwargs)
            if not stored_events:
                return []
            self._insert_stored_events(curs, stored_events, **kwargs)
            return self._fetch_ids_after_insert_events(curs, stored_events, **kwargs)
