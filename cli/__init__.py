"""The `pangee` command line: a thin click layer over the ledger."""
