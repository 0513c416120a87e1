"""Opening the campaign store named by --db / PANGEE_DB, once per invocation."""

import os

from ledger.errors import NoCampaign
from ledger.store import parse_target


class Session:
    def __init__(self, db: str | None):
        self.db = db
        self._ledger = None

    def target(self):
        return parse_target(self.db)

    def ledger(self, create: bool = False):
        """The ledger; a read of a SQLite file that does not exist creates nothing."""
        if self._ledger is None:
            target = self.target()
            if target.kind == "sqlite" and not create and not os.path.exists(target.path):
                raise NoCampaign(f"no campaign at {target.label}: run pangee init NAME first "
                                 "(or pass --db)")
            from ledger.application import CampaignLedger

            self._ledger = CampaignLedger(target)
        return self._ledger

    def campaign_ledger(self):
        """The ledger of an existing campaign (refused before `init`)."""
        ledger = self.ledger()
        state = ledger.state()
        if state.name is None:
            raise NoCampaign(f"no campaign at {self.target().label}: run pangee init NAME first")
        return ledger, state

    def close(self) -> None:
        if self._ledger is not None:
            self._ledger.close()
            self._ledger = None
