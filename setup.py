"""Build step of pangee: the gettext catalogues (`i18n/locale/*/LC_MESSAGES/pangee.po`) are
compiled to `.mo` with Babel whenever the package is built or installed (editable installs
included), so the binary catalogues are never committed and never drift from their source.
Everything else about the package is in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def compile_catalogues() -> list[Path]:
    """Every .po under i18n/locale compiled next to itself; a catalogue with a syntax
    error or a fuzzy entry stops the build."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted((HERE / "i18n" / "locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parent.parent.name, abort_invalid=True)
        fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
        if fuzzy:
            raise SystemExit(f"{po}: fuzzy translations left: {fuzzy[:3]}")
        mo = po.with_suffix(".mo")
        with mo.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(mo)
    return written


class BuildWithCatalogues(build_py):
    def run(self):
        compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
