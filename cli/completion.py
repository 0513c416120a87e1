"""Shell completion (click's, for bash, zsh and fish): character names from the store, spell
names, weapons and creature attacks from the catalogue, ruling keys and values, and command
numbers with what each was. Turn it on with, for bash:

    eval "$(_PANGEE_COMPLETE=bash_source pangee)"

(zsh: `zsh_source`, fish: `_PANGEE_COMPLETE=fish_source pangee | source`). A completion never
prints an error: when the store cannot be read it offers nothing.
"""

from click.shell_completion import CompletionItem

MOST = 50


def _read(ctx, ask, nothing=()):
    """`ask(reader)` on the store's read models, read-only (SQLite only: completion must stay
    instant); `nothing` when they cannot be read."""
    import os

    from ledger.store import parse_target
    from projections.fastread import open_reader

    db = ctx.find_root().params.get("db") or os.environ.get("PANGEE_DB") or "campaign.db"
    target = parse_target(db)
    if target.kind != "sqlite" or not os.path.exists(target.path):
        return list(nothing)
    reader = open_reader(target.path)
    if reader is None:
        return list(nothing)
    try:
        return ask(reader)
    finally:
        reader.close()


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
    names = _read(ctx, lambda reader: [c["name"] for c in reader.status_json()["characters"]])
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


def _recent(ctx, incomplete) -> list[tuple[CompletionItem, dict]]:
    """The last 200 commands whose number starts with `incomplete`, newest first, each as a
    completion (its number, its first line) beside its log row."""
    from i18n.entries import headline

    def recent(reader):
        last = reader.head()[0]
        return reader.queries.log(upto=last, after=max(0, last - 200))
    return [(CompletionItem(str(row["position"]), help=headline(row["fact"], row["result"])[:70]), row)
            for row in reversed(_read(ctx, recent))
            if str(row["position"]).startswith(incomplete)]


@_safely
def numbers(ctx, incomplete):
    """Recent command numbers, newest first, each with its kind and first line."""
    return [item for item, _row in _recent(ctx, incomplete)]


@_safely
def voidable(ctx, incomplete):
    """Recent command numbers a correction can undo: not the campaign's opening, a session
    boundary or a command already voided."""
    from ledger.writing import NOT_VOIDABLE

    return [item for item, row in _recent(ctx, incomplete)
            if row["kind"] not in NOT_VOIDABLE and (row["note"] or {}).get("code") != "fold.voided"]


@_safely
def sessions(ctx, incomplete):
    return [CompletionItem(str(s["number"]), help=s.get("title") or "")
            for s in _read(ctx, lambda reader: reader.queries.sessions())
            if str(s["number"]).startswith(incomplete)]
