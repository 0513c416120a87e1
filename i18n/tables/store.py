"""Messages about the campaign store itself (ledger/store.py, ledger/creation.py,
cli/session.py): where it is, whether it is ours, whether it can be reached.

`path` and `url` are printable labels of the --db value: never any part of a password."""

from i18n import N_, NN_

MESSAGES = {
    # --db values (exit 2)
    "store.unsupported_scheme": N_(
        "unsupported store '{scheme}://': expected a SQLite file path or a "
        "postgresql://user[:password]@host[:port]/dbname URL"),
    "store.is_directory": N_(
        "store path {path} is a directory: expected a SQLite file path"),
    "store.no_folder": N_(
        "store path {path}: the folder {folder} does not exist; expected a file in an "
        "existing folder"),
    "store.not_accessible": N_(
        "store path {path} cannot be read and written: check its permissions"),
    "store.folder_not_writable": N_(
        "store path {path}: the folder {folder} is not writable; expected a folder where "
        "pangee may create the file"),
    "store.bad_url": N_(
        "malformed PostgreSQL URL {url}: expected "
        "postgresql://user[:password]@host[:port]/dbname[?schema=name] (percent-encode "
        "/ ? # @ : in the password)"),
    "store.bad_port": N_(
        "malformed PostgreSQL URL {url}: the port must be a number from 1 to 65535 "
        "(percent-encode / ? # @ : in the password)"),
    "store.bad_url_parameter": N_(
        "PostgreSQL URL {url}: unknown parameter {parameters}; only ?schema=name is accepted"),
    "store.bad_schema": N_(
        "PostgreSQL URL {url}: schema '{schema}' is not a plain lower-case identifier "
        "(letters a-z, digits, _; at most 41)"),
    # reaching the store (exit 2)
    "store.unavailable": N_(
        "cannot open the campaign store {path}: {error}"),
    "store.cannot_create": N_(
        "cannot create the campaign store {path}: {reason}; nothing was written"),
    "store.cannot_publish": N_(
        "cannot create the campaign store {path} ({reason}): its folder must allow hard "
        "links; nothing was written"),
    "store.not_database": N_(
        "{path} is not a SQLite database, nor a pangee store: nothing was read or written; "
        "pass --db a campaign store or a new file name"),
    # whose store it is (exit 1)
    "store.no_campaign": N_(
        "no campaign at {path}: run pangee init NAME first (or pass --db)"),
    "store.not_pangee": (NN_(
        "{path} is not a pangee campaign store (it holds the table {tables}): nothing was "
        "read or written; pass --db a campaign store",
        "{path} is not a pangee campaign store (it holds the tables {tables}): nothing was "
        "read or written; pass --db a campaign store"), "count"),
    "store.foreign_tables": (NN_(
        "{path} already holds another table ({tables}): nothing was written; pangee init "
        "needs a new file, an empty one or an empty PostgreSQL schema",
        "{path} already holds other tables ({tables}): nothing was written; pangee init "
        "needs a new file, an empty one or an empty PostgreSQL schema"), "count"),
    "store.exists": N_(
        "a campaign store already exists at {path}; nothing was written (another process "
        "created it first: use another --db, or write into that campaign)"),
    # waiting (exit 1)
    "store.busy": N_(
        "the store stayed busy with other writers for {seconds} s: nothing was written; "
        "try again"),
}
