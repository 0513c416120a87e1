"""The `pangee` entry point: the group, the store option, and error handling (one line on
stderr, exit 1 for a refusal, 2 for malformed input, never a traceback)."""

import sys

import click

from ledger.errors import BadValue, RuleRefusal, StepError, StoreBusy
from ledger.store import is_store_error

from . import audit, export, importing, output, read, write
from .session import Session


class PangeeGroup(click.Group):
    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        code = 0
        try:
            rv = super().main(args, prog_name or "pangee", complete_var, standalone_mode=False, **extra)
            code = rv if isinstance(rv, int) else 0
        except click.exceptions.Exit as done:
            code = done.exit_code
        except click.UsageError as usage:
            hint = f" (see: {usage.ctx.command_path} --help)" if usage.ctx else ""
            output.error(usage.format_message() + hint)
            code = 2
        except click.Abort:
            output.error("aborted")
            code = 1
        except StepError as step:
            output.error(str(step))
            code = step.exit_code
        except (RuleRefusal, StoreBusy) as refusal:
            output.error(str(refusal))
            code = 1
        except BadValue as bad:
            output.error(str(bad))
            code = 2
        except Exception as failure:  # the store itself failed: one line, no traceback
            name = type(failure).__name__
            if not is_store_error(failure):
                raise
            message = str(failure).strip().splitlines()[0] if str(failure).strip() else name
            output.error(f"the campaign store could not be used ({name}: {message})")
            code = 2
        if standalone_mode:
            sys.exit(code)
        return code


@click.group(cls=PangeeGroup, help="pangee — the campaign ledger of L'Âge du Changement.\n\n"
             "Every roll, wound, rest and cast is recorded as a fact; status, logs and "
             "explanations are folded from them with the house rules (RULES.md).")
@click.option("--db", envvar="PANGEE_DB", default="campaign.db", show_default=True,
              help="SQLite file or postgresql://user[:password]@host[:port]/dbname (or PANGEE_DB).")
@click.version_option(package_name="pangee", prog_name="pangee")
@click.pass_context
def cli(ctx, db):
    ctx.obj = Session(db)
    ctx.call_on_close(ctx.obj.close)


for command in write.COMMANDS + read.COMMANDS + importing.COMMANDS + audit.COMMANDS + export.COMMANDS:
    cli.add_command(command)


def main() -> None:
    cli.main(prog_name="pangee")
