"""Languages: the CLI speaks German, Spanish and French (`--lang`, else the environment), numbers follow the
language, and the catalogues are complete and current (the committed .mo is what the .po compiles to)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from designer import i18n
from designer.paths import DEFAULT_TRACK, PROJECT_ROOT, RESOURCES_DIR
from tests.unit.cli_runner import run

I18N = RESOURCES_DIR / "i18n"
TRANSLATED = ("de", "es", "fr")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
LUIGI = str(DEFAULT_TRACK)


@pytest.fixture(autouse=True)
def _english_afterwards(monkeypatch):
    for variable in (*i18n.LOCALE_VARIABLES, i18n.PSEUDO_ENV):
        monkeypatch.delenv(variable, raising=False)
    yield
    i18n.set_language("en")


def _po(language: str):
    with (I18N / language / "LC_MESSAGES" / "kartographer.po").open("rb") as f:
        return read_po(f, locale=language)


def _template():
    with (I18N / "kartographer.pot").open("rb") as f:
        return read_po(f)


# --- the CLI in each language ------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["before", "after", "equals"])
def test_lang_de_gives_a_german_validate_summary_before_or_after_the_command(capsys, where):
    argv = {"before": ["--lang", "de", "validate", LUIGI], "after": ["validate", LUIGI, "--lang", "de"],
            "equals": ["validate", "--lang=de", LUIGI]}[where]
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"{LUIGI}: ok (77 Elemente)", "0 Fehler, 0 Warnungen, 0 Hinweise"]


def test_english_is_unchanged_without_a_language(capsys):
    code, out, _ = run(capsys, "validate", LUIGI)
    assert code == 0 and out.splitlines() == [f"{LUIGI}: ok (77 elements)", "0 errors, 0 warnings, 0 info"]


def test_lang_fr_from_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, _ = run(capsys, "validate", LUIGI)
    assert code == 0 and out.splitlines()[-1] == "0 erreur, 0 avertissement, 0 remarque"


def test_the_command_line_wins_over_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, _ = run(capsys, "validate", LUIGI, "--lang", "es")
    assert code == 0 and out.splitlines()[-1] == "0 errores, 0 avisos, 0 notas"


def test_an_unknown_lang_environment_gives_english(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "tlh_KX.UTF-8")
    code, out, _ = run(capsys, "validate", LUIGI)
    assert code == 0 and out.splitlines()[-1] == "0 errors, 0 warnings, 0 info"


def test_a_wrong_lang_is_refused_on_one_line(capsys):
    code, out, err = run(capsys, "--lang", "xx", "validate", LUIGI)
    assert (code, out) == (2, "")
    assert err == "kartographer: error: --lang: 'xx' is not one of de, en, es, fr\n"
    code, _, err = run(capsys, "validate", LUIGI, "--lang")
    assert code == 2 and err.count("\n") == 1


def test_the_unknown_command_line_and_the_error_prefix_are_translated(capsys):
    code, _, err = run(capsys, "--lang", "fr", "valdate")
    assert code == 2
    assert err == "kartographer : erreur : « valdate » n’est ni une commande ni un fichier existant " \
                  "(vouliez-vous dire validate ?)\n"


def test_help_is_translated_with_argparse_headings(capsys):
    with pytest.raises(SystemExit):
        run(capsys, "--lang", "es", "--help")
    out = capsys.readouterr().out
    assert out.startswith("uso: kartographer")
    assert "argumentos posicionales:" in out and "opciones:" in out
    assert "comprobar archivos de circuito" in out and "mostrar esta ayuda y salir" in out


def test_wrote_line_is_translated(capsys, tmp_path):
    out_pdf = tmp_path / "deck.pdf"
    code, out, _ = run(capsys, "--lang", "de", "cards", "--ruleset", "mk-gaslands", "-o", out_pdf)
    assert code == 0 and re.fullmatch(rf"{re.escape(str(out_pdf))} geschrieben: \d+ Seiten\n", out), out


def test_environment_reaches_a_real_process():
    env = {"LANG": "de_DE.UTF-8", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", "import sys; from designer.cli import main; sys.exit(main())",
                           "validate", LUIGI], capture_output=True, text=True, env=env, cwd=PROJECT_ROOT)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "0 Fehler, 0 Warnungen, 0 Hinweise"


# --- choosing the language ---------------------------------------------------------------------------
@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "de_AT"}, "de"),
    ({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}, "es"),
    ({"LC_MESSAGES": "fr_CA", "LANG": "de_DE"}, "fr"),
    ({"LANGUAGE": "pt:es:de", "LANG": "fr_FR"}, "es"),  # LANGUAGE: the first one we have
    ({"LANGUAGE": "pt", "LANG": "fr_FR"}, "fr"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_language_from_environment(environ, expected):
    assert i18n.language_from_environment(environ, platform="linux") == expected


def test_windows_and_mac_ask_the_platform_locale(monkeypatch):
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("German_Germany", "1252"))
    assert i18n.language_from_environment({}, platform="win32") == "de"
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("fr_FR", "UTF-8"))
    assert i18n.language_from_environment({}, platform="darwin") == "fr"
    assert i18n.language_from_environment({}, platform="linux") == "en"  # Linux: the variables only


def test_set_language_falls_back_to_english():
    assert i18n.set_language("de_DE.UTF-8") == "de" == i18n.current_language()
    assert i18n.set_language("klingon") == "en" == i18n.current_language()
    assert i18n.set_language(None) == "en"


def test_gettext_ngettext_and_plural_forms():
    i18n.set_language("de")
    assert i18n._("check track files") == "Streckendateien prüfen"
    assert [i18n.ngettext("{n} warning", "{n} warnings", n).format(n=n) for n in (0, 1, 2)] == \
        ["0 Warnungen", "1 Warnung", "2 Warnungen"]
    i18n.set_language("fr")  # French: 0 and 1 take the singular
    assert [i18n.ngettext("{n} error", "{n} errors", n).format(n=n) for n in (0, 1, 2, 1_000_000)] == \
        ["0 erreur", "1 erreur", "2 erreurs", "1000000 erreurs"]
    i18n.set_language("es")
    assert [i18n.ngettext("{n} error", "{n} errors", n).format(n=n) for n in (0, 1, 2)] == \
        ["0 errores", "1 error", "2 errores"]
    assert i18n.pgettext("nowhere", "check track files") == "check track files"  # no such context: the source
    assert i18n.N_("check track files") == "check track files"  # only a marker


# --- numbers -----------------------------------------------------------------------------------------
def test_format_number_follows_the_language_not_the_machine():
    assert i18n.format_number(1234.5, 1, "en") == "1,234.5"
    assert i18n.format_number(1234.5, 1, "de") == "1.234,5"
    assert i18n.format_number(1234.5, 1, "es") == "1.234,5"  # Babel's CLDR data groups four digits in Spanish
    assert i18n.format_number(1234.5, 1, "fr") == "1\u202f234,5"  # narrow no-break space
    for language in TRANSLATED:
        assert i18n.format_number(0.25, 2, language) == "0,25"
    assert i18n.format_number(2.0, 0, "de") == "2" and i18n.format_number(-0.2, 0, "de") == "0"
    i18n.set_language("de")
    assert i18n.format_number(3, 2) == "3,00" and i18n.format_decimal(1234.5678) == "1.234,568"


def test_english_numbers_without_babel_read_as_babel_writes_them():
    """English figures under 999 skip importing Babel (the editor's first zoom figure); same text as Babel's."""
    import random

    from babel.numbers import format_decimal

    rng = random.Random(33)
    values = [0.05, -0.05, 2.675, -2.675, 0.0, -0.0, 998.95, 999.5, 1e-7, -5e-13, 6.5, 7.5, 0.35]
    values += [rng.uniform(-1000, 1000) for _ in range(2000)]
    values += [round(rng.uniform(-1000, 1000), 3) for _ in range(2000)]
    for value in values:
        for decimals in range(6):
            shown = 0.0 if round(value, decimals) == 0 else value
            pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
            assert i18n.format_number(value, decimals, "en") == format_decimal(shown, format=pattern, locale="en"), (
                value, decimals)
    assert i18n.format_number(2.675, 2, "en") == "2.68" and i18n.format_number(-7.25, 1, "en") == "-7.2"


# --- pseudo-translation ------------------------------------------------------------------------------
def test_pseudo_is_forty_percent_longer_accented_and_keeps_placeholders():
    for text in ("Save", "check track files", "wrote {path}: {count} pages", "%(default)s mm", "&Open…"):
        fake = i18n.pseudo(text)
        assert len(fake) >= 1.4 * len(text)
        assert re.findall(r"\{[^}]*\}|%\([^)]*\)s|&", fake) == re.findall(r"\{[^}]*\}|%\([^)]*\)s|&", text)
        assert not re.search(r"[a-zA-Z]{2}", re.sub(r"\{[^}]*\}|%\([^)]*\)s", "", fake))
    assert i18n.pseudo("") == ""


def test_pseudo_environment_variable_replaces_every_translation(monkeypatch):
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language("de")
    assert i18n._("check track files") == i18n.pseudo("check track files")
    assert i18n.ngettext("{n} error", "{n} errors", 2) == i18n.pseudo("{n} errors")


# --- the catalogues ----------------------------------------------------------------------------------
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language):
    catalog = _po(language)
    assert catalog.num_plurals >= 2
    template_ids = {m.id for m in _template() if m.id}
    have = {m.id: m for m in catalog if m.id}
    missing = sorted(str(i) for i in template_ids - have.keys())
    untranslated = sorted(str(m.id) for m in have.values()
                          if m.fuzzy or not m.string or (isinstance(m.string, tuple) and not all(m.string)))
    assert (missing, untranslated) == ([], []), "run `make i18n` and translate these"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language):
    for m in _po(language):
        if not m.id:
            continue
        source = m.id[-1] if isinstance(m.id, tuple) else m.id
        for text in m.string if isinstance(m.string, tuple) else (m.string,):
            assert sorted(re.findall(r"\{\w*\}", text)) == sorted(re.findall(r"\{\w*\}", source)), (m.id, text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_committed_mo_is_the_compiled_po(language):
    with (I18N / language / "LC_MESSAGES" / "kartographer.mo").open("rb") as f:
        compiled = read_mo(f)

    def messages(catalog):
        def key(text):  # read_mo gives plural ids and forms as lists, read_po as tuples
            return text if isinstance(text, str) else tuple(text)

        return {(m.context, key(m.id)): key(m.string) for m in catalog if m.id and not m.fuzzy}

    assert messages(compiled) == messages(_po(language)), "run `make i18n` (pybabel compile) and commit the .mo"


def test_the_template_holds_every_wrapped_string():
    extracted = set()
    with (PROJECT_ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    for _file, _line, message, _comments, context in extract_from_dir(
            PROJECT_ROOT, method_map, options_map, keywords=KEYWORDS):
        extracted.add((context, message))
    template = {(m.context, m.id) for m in _template() if m.id}
    assert extracted - template == set(), "run `make i18n`: the template is older than the sources"
    assert template - extracted == set(), "run `make i18n`: the template has strings the sources dropped"


def test_compiled_catalogue_is_read_by_the_standard_library():
    import gettext

    translations = gettext.translation(i18n.DOMAIN, I18N, ["es"])
    assert translations.gettext("list the starter documents") == "listar los documentos de partida"


def test_a_systems_own_catalogue_comes_after_the_apps_and_its_translator_asks_it_first(tmp_path, monkeypatch):
    """`add_catalogue` (a registered system's `locale_dir`): `_` answers from the app's catalogue first, then the
    system's; `Translator` (the system's own code) the other way round; both follow `set_language`."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalogue = Catalog(locale="de", domain="demo", fuzzy=False)
    catalogue.add("none", "NICHTS")  # the app has its own German for it
    catalogue.add("Demo only", "Nur Demo")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "demo.mo", "wb") as f:
        write_mo(f, catalogue)
    monkeypatch.setattr(i18n, "_catalogues", {})
    own = i18n.Translator("demo", tmp_path)
    i18n.set_language("de")
    assert (i18n._("Demo only"), own.gettext("Demo only")) == ("Demo only", "Nur Demo")  # not added yet
    i18n.add_catalogue("demo", tmp_path)
    assert (i18n._("none"), i18n._("Demo only")) == ("keine", "Nur Demo")
    assert (own.gettext("none"), own.gettext("wrote {path}")) == ("NICHTS", i18n._("wrote {path}"))
    assert i18n._("wrote {path}") != "wrote {path}"
    assert i18n.translate_into("de", "Demo only") == "Nur Demo" and i18n.translate_into("fr", "none") == "aucun"
    i18n.set_language("fr")
    assert (own.gettext("Demo only"), own.gettext("none")) == ("Demo only", "aucun")
    i18n.set_language("en")
    assert (own.gettext("none"), i18n._("Demo only")) == ("none", "Demo only")
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language("de")
    assert own.gettext("Demo only") == i18n.pseudo("Demo only")
    monkeypatch.delenv(i18n.PSEUDO_ENV)
    i18n.set_language("en")
