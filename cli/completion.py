"""Shell completion (click's, for bash, zsh and fish): character names from the store, spell
names, weapons and creature attacks from the catalogue, ruling keys and values, and command
numbers with what each was. Turn it on with, for bash:

    eval "$(_PANGEE_COMPLETE=bash_source pangee)"

(zsh: `zsh_source`, fish: `_PANGEE_COMPLETE=fish_source pangee | source`). A completion never
prints an error: when the store cannot be read it offers nothing.
"""

from click.shell_completion import CompletionItem

MOST = 50


def _reader(ctx):
    """The store's read models, read-only (SQLite only: completion must stay instant)."""
    import os

    from ledger.store import parse_target
    from projections.fastread import open_reader

    db = ctx.find_root().params.get("db") or os.environ.get("PANGEE_DB") or "campaign.db"
    target = parse_target(db)
    if target.kind != "sqlite" or not os.path.exists(target.path):
        return None
    return open_reader(target.path)


def _safely(function):
    def complete(ctx, param, incomplete):
        try:
            found = function(ctx, incomplete)[:MOST]
        except Exception:  # completion offers nothing rather than an error
            return []
        return [item if isinstance(item, CompletionItem) else CompletionItem(item)
                for item in found]
    return complete


def _starting(names, incomplete: str) -> list[str]:
    from ledger.names import name_key

    key = name_key(incomplete)
    return [n for n in names if name_key(n).startswith(key)]


@_safely
def characters(ctx, incomplete):
    reader = _reader(ctx)
    if reader is None:
        return []
    try:
        names = [s.name for s in reader.state().characters.values()]
    finally:
        reader.close()
    return _starting(names, incomplete)


@_safely
def spells(ctx, incomplete):
    from ledger.catalogue import spell_names

    return spell_names(incomplete)


@_safely
def causes(ctx, incomplete):
    from ledger import catalogue

    if ":" in incomplete:
        return catalogue.creature_attacks(incomplete)
    weapons = sorted({w.name_fr for w in catalogue.weapons().values()})
    return (_starting(weapons, incomplete) + catalogue.spell_names(incomplete)
            + catalogue.creature_attacks(incomplete))


@_safely
def rulings(ctx, incomplete):
    from ledger.rules.rulings import RULINGS

    pairs = [f"{key}={value}" for key, (_rule, _default, values) in RULINGS.items()
             for value in values]
    return [CompletionItem(p, help=RULINGS[p.split("=")[0]][0]) for p in pairs
            if p.startswith(incomplete)]


@_safely
def rulings_or_characters(ctx, incomplete):
    return rulings(ctx, None, incomplete) + characters(ctx, None, incomplete)


@_safely
def numbers(ctx, incomplete):
    """Recent command numbers, newest first, each with its kind and first line."""
    from i18n.entries import headline

    reader = _reader(ctx)
    if reader is None:
        return []
    try:
        last = reader.queries.last_number()
        rows = reader.queries.log(upto=last)[-200:]
    finally:
        reader.close()
    items = []
    for row in reversed(rows):
        text = str(row["position"])
        if text.startswith(incomplete):
            items.append(CompletionItem(text, help=headline(row["fact"], row["result"])[:70]))
    return items


@_safely
def sessions(ctx, incomplete):
    reader = _reader(ctx)
    if reader is None:
        return []
    try:
        found = reader.queries.sessions()
    finally:
        reader.close()
    return [CompletionItem(str(s["number"]), help=s.get("title") or "")
            for s in found if str(s["number"]).startswith(incomplete)]
