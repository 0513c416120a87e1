"""pangee: an event-sourced campaign ledger for L'Âge du Changement."""

__version__ = "0.2.0"
