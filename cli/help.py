"""Click commands, options and arguments whose help speaks the reader's language.

Help texts are written as English msgids (marked with `N_`) and translated when the help is
shown, through the same gettext catalogues as everything else; click's own words ("Usage:",
"Options:", error messages) follow the same language because `i18n.use` makes pangee's
domain the default one. Metavars are translated too (`WHO` → `QUI`).

    @command("attack", help=N_("An attack roll…"), examples=EXAMPLES)
    @argument("who", metavar=N_("WHO"))
    @option("--ac", type=int, metavar=N_("N"), help=N_("The target's AC."))
"""

import functools

import click

from i18n import N_, _

EXAMPLES_HEADING = N_("Examples:")
# click's own words that it shows without marking them for translation, or marks with a
# variable: marked here so the catalogues hold them
CLICK_WORDS = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."), N_("required"))


def _tr(text):
    return _(text) if text else text


class Translated:
    """A command or group that keeps its English help and shows it translated."""

    def __init__(self, *args, help=None, examples: str | None = None, **kwargs):
        self.help_msgid = help
        self.examples = examples
        super().__init__(*args, help=help, **kwargs)

    def _help_text(self) -> str:
        text = _tr(self.help_msgid) or ""
        if self.examples:
            text += "\n\n\b\n" + _(EXAMPLES_HEADING) + "\n" + self.examples
        return text

    def format_help_text(self, ctx, formatter):
        text = self._help_text()
        if text:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(text)

    def get_short_help_str(self, limit: int = 45) -> str:
        """The help's first sentence, cut at a word within the width the listing has."""
        text = (_tr(self.help_msgid) or "").split("\n")[0].split(". ")[0].rstrip(".")
        limit = max(limit, 50)
        if len(text) <= limit:
            return text
        return text[:limit - 1].rsplit(" ", 1)[0].rstrip(",;:(") + "…"

    def collect_usage_pieces(self, ctx):
        pieces = super().collect_usage_pieces(ctx)
        return [_(p) if p in ("[OPTIONS]", "COMMAND [ARGS]...") else p for p in pieces]

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option


class PangeeCommand(Translated, click.Command):
    pass


class PangeeGroup(Translated, click.Group):
    command_class = PangeeCommand

    def format_commands(self, ctx, formatter):
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            rows.append((name, cmd.get_short_help_str(formatter.width - 6 - len(name))))
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


PangeeGroup.group_class = PangeeGroup


class PangeeOption(click.Option):
    """An option whose help and metavar are shown translated."""

    def get_help_record(self, ctx):
        msgid, self.help = self.help, _tr(self.help)
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = msgid

    def make_metavar(self, ctx=None):
        if self.metavar is not None:
            return _(self.metavar)
        return super().make_metavar(ctx) if ctx is not None else super().make_metavar()


class PangeeArgument(click.Argument):
    def get_help_record(self, ctx):
        return self.make_metavar(ctx), _tr(self.help) or ""

    def make_metavar(self, ctx=None):
        if self.metavar is not None:
            text = _(self.metavar)
            if self.nargs != 1:
                text += "..."
            if not self.required:
                text = f"[{text}]"
            return text
        return super().make_metavar(ctx) if ctx is not None else super().make_metavar()


def command(name: str, help: str, examples: str | None = None, **kwargs):
    return click.command(name, cls=PangeeCommand, help=help, examples=examples, **kwargs)


def group(name: str, help: str, examples: str | None = None, **kwargs):
    return click.group(name, cls=PangeeGroup, help=help, examples=examples, **kwargs)


option = functools.partial(click.option, cls=PangeeOption)
argument = functools.partial(click.argument, cls=PangeeArgument)
