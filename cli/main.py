"""The `pangee` entry point: the group, the store and language options, and error handling
(one line on stderr: exit 1 for a refusal, 2 for malformed input, 3 for an unexpected
error — never a traceback unless PANGEE_DEBUG=1)."""

import os
import sys

import click

import i18n
from i18n import N_
from i18n.render import render, render_problem

from . import output
from .help import PangeeGroup, PangeeOption, option

HELP = N_("pangee — the campaign ledger of L'Âge du Changement.\n\n"
          "Every roll, wound, rest and cast is recorded as a fact; status, logs and "
          "explanations are folded from them with the house rules (RULES.md). French by "
          "default: --lang en, PANGEE_LANG=en or an English locale for English.")


def language_argument(args: list[str]) -> str | None:
    """The value of the global --lang option, read before click parses anything (click's
    own messages must already speak it)."""
    for index, arg in enumerate(args):
        if arg == "--":
            return None
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


# every command and the modules that define it, imported only when it is asked for: a read
# must start fast (`character` is completed by cli/roster.py)
COMMAND_MODULES = {
    "init": ("write",), "character": ("write", "roster"), "session": ("write",),
    "attack": ("write",), "check": ("write",), "save": ("write",), "damage": ("write",),
    "heal": ("write",), "death-save": ("write",), "stabilize": ("write",), "treat": ("write",),
    "tend": ("write",), "rest": ("write",), "cast": ("write",), "fatigue": ("write",),
    "improve": ("write",), "void": ("corrections",), "note": ("corrections",),
    "status": ("read",), "log": ("read",), "import": ("importing",), "explain": ("audit",),
    "what-if": ("audit",), "replay": ("audit",), "checkpoint": ("audit",),
    "export": ("export",), "catalogue": ("catalogue",),
}


class Pangee(PangeeGroup):
    def list_commands(self, ctx):
        return sorted(COMMAND_MODULES)

    def get_command(self, ctx, name):
        import importlib

        for module in COMMAND_MODULES.get(name, ()):  # each module's commands, once
            loaded = importlib.import_module(f"{__package__}.{module}")
            for command in loaded.COMMANDS:
                self.commands.setdefault(command.name, command)
        return self.commands.get(name)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        args = list(sys.argv[1:] if args is None else args)
        code = self._language(args)
        if code is None:
            code = self._run(args, prog_name or "pangee", complete_var, **extra)
        if standalone_mode:
            sys.exit(code)
        return code

    @staticmethod
    def _language(args) -> int | None:
        try:
            i18n.use(i18n.choose(language_argument(args)))
        except i18n.UnknownLanguage as unknown:
            i18n.use(i18n.from_locale(os.environ) or i18n.DEFAULT)
            output.error(render("cli.unknown_language", {"source": unknown.source,
                                                         "value": unknown.value}))
            return 2
        return None

    def _run(self, args, prog_name, complete_var, **extra) -> int:
        from ledger.errors import Problem, StepError
        from ledger.store import is_store_error

        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            return rv if isinstance(rv, int) else 0
        except click.exceptions.Exit as done:
            return done.exit_code
        except click.UsageError as usage:
            message = usage.format_message()
            if usage.ctx:
                message = render("cli.usage_hint", {"message": message,
                                                    "command": usage.ctx.command_path})
            output.error(message)
            return 2
        except click.Abort:
            output.error(render("cli.aborted"))
            return 1
        except StepError as step:
            output.error(render_problem(step))
            return step.exit_code
        except Problem as problem:
            output.error(render_problem(problem))
            return problem.exit_code
        except click.ClickException as failure:
            output.error(failure.format_message())
            return failure.exit_code
        except Exception as failure:
            if os.environ.get("PANGEE_DEBUG") == "1":
                raise
            if is_store_error(failure):
                output.error(render("store.failed", {"kind": type(failure).__name__}))
                return 2
            output.error(render("cli.internal", {"kind": type(failure).__name__}))
            return 3


@click.group(cls=Pangee, help=HELP)
@option("--db", envvar="PANGEE_DB", default="campaign.db", show_default=True,
        metavar=N_("TARGET"),
        help=N_("SQLite file or postgresql://user[:password]@host[:port]/dbname (or PANGEE_DB)."))
@option("--lang", metavar="fr|en", help=N_("Language of everything printed: fr (the default) or en "
                                           "(or PANGEE_LANG, or the locale)."))
@click.version_option(package_name="pangee", prog_name="pangee", message="%(prog)s %(version)s",
                      cls=PangeeOption, help=N_("Show the version and exit."))
@click.pass_context
def cli(ctx, db, lang):
    from .session import Session

    ctx.obj = Session(db)
    ctx.call_on_close(ctx.obj.close)


def main() -> None:
    cli.main(prog_name="pangee")
