"""Opening the campaign store named by --db / PANGEE_DB, once per invocation."""

import os

from ledger.errors import NoCampaign
from ledger.rules.errors import BadValue


class StoreUnavailable(BadValue):
    """The store named by --db cannot be opened (exit 2): never shows a password."""

    def __init__(self, label: str, error: Exception):
        detail = str(error).strip().splitlines()[0] if str(error).strip() else ""
        super().__init__(f"cannot open the campaign store {label}: {type(error).__name__}"
                         + (f" ({detail})" if detail else ""))
from ledger.store import is_store_error, parse_target


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

            try:
                self._ledger = CampaignLedger(target)
                self._ledger.projections.catch_up()
            except Exception as error:
                if not is_store_error(error):
                    raise
                if self._ledger is not None:
                    self._ledger.close()
                    self._ledger = None
                raise StoreUnavailable(target.label, error) from None
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
