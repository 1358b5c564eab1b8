"""Game terms in the catalogues (issue #29): each language uses the words of the seed written in it, and the
renderings the rules contradict are gone.

- German (the board game's seed): Wummp for the Thwomp block, Niete for a blank card, Beschleuniger for the
  booster space; three pawns on one space all pay, not "you both".
- French (the Downforce seed): Peau de banane, Boost de départ, and Shy Guy / Rosalina / Metal Mario kept as
  the seed keeps them; a carapace is feminine ("Garde-la").
- Spanish (the PitchKart seed): Seta, Relámpago, Piel de Plátano, Flechas aceleradoras, Velocidad punta; a
  caparazón is masculine ("Dispáralo").
- Gaslands' Banana: no Shift result cancels the spin; neither French nor Spanish speaks of a gear change.
- No "Wipe Out" left in English on campaign screens; season messages name the ruleset and the kart colours
  in the language.
"""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from designer import i18n
from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.paths import RESOURCES_DIR
from designer.rules import load_ruleset

I18N = RESOURCES_DIR / "i18n"


def catalogue(language: str):
    with (I18N / language / "LC_MESSAGES" / "kartographer.po").open("rb") as f:
        return read_po(f, locale=language)


@pytest.fixture(scope="module")
def po():
    return {language: catalogue(language) for language in ("de", "es", "fr")}


def text(message) -> str:
    return " ".join(message.string) if isinstance(message.string, (list, tuple)) else message.string


def translated(po, language: str, msgid: str, context: str | None = None) -> str:
    message = po[language].get(msgid, context=context)
    assert message is not None, (language, context, msgid)
    return text(message)


def all_text(po, language: str) -> str:
    return "\n".join(text(m) for m in po[language] if m.id)


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


# --- German: the board game's words -----------------------------------------------------------------
def test_german_uses_wummp_niete_and_beschleuniger(po):
    thwomp = translated(po, "de", "Thwomp", "mk-board|board/spaces/thwomp/name")
    assert "Wummp" in thwomp and "Steinblock" not in thwomp
    assert translated(po, "de", "Blank", "mk-board|deck/blank/name") == "Niete"
    assert translated(po, "de", "Booster", "mk-board|board/spaces/booster/name") == "Beschleuniger"
    assert translated(po, "de", "Thwomp space") == "Wummp-Feld"
    german = all_text(po, "de")
    assert "Steinblock" not in german and "Steinblöcke" not in german and "Leere Karte" not in german


def test_german_sharing_a_space_makes_everyone_involved_pay(po):
    german = all_text(po, "de")
    assert "zahlt ihr beide" not in german
    message = po["de"].get("Ending on a space another pawn holds costs each of you {n} coin.")
    assert all("alle Beteiligten" in form for form in message.string)


# --- French: the Downforce seed's words -----------------------------------------------------------------
def test_french_uses_the_downforce_seed_s_words(po):
    for context in ("mk-downforce|downforce/item_die_faces/banana", "mk-downforce|downforce/tokens/banana",
                    "mk-gaslands|deck/banana/name", "pitchkart|deck/banana/name", "mk-board|deck/banana/name"):
        assert translated(po, "fr", "Banana", context) == "Peau de banane", context
    assert translated(po, "fr", "Start boost") == "Boost de départ"
    for msgid, key in (("Shy Guy", "shy-guy"), ("Rosalina", "rosalina"), ("Metal Mario", "metal-mario")):
        assert translated(po, "fr", msgid, f"mk-downforce|characters/{key}/name") == msgid
    french = all_text(po, "fr")
    assert "Maskass" not in french and "Harmonie" not in french and "Départ canon" not in french


def test_french_shell_tokens_are_feminine(po):
    for message in po["fr"]:
        if message.id and "Keep it on your kart card" in str(message.id):
            assert "Garde-le " not in text(message), message.id


# --- Spanish: the PitchKart seed's words ----------------------------------------------------------------
def test_spanish_uses_the_pitchkart_seed_s_words(po):
    for system in ("pitchkart", "mk-gaslands", "mk-board"):
        assert translated(po, "es", "Banana", f"{system}|deck/banana/name") == "Piel de Plátano", system
        assert translated(po, "es", "Mushroom", f"{system}|deck/mushroom/name") == "Seta", system
        assert translated(po, "es", "Lightning", f"{system}|deck/lightning/name") == "Relámpago", system
    assert translated(po, "es", "Top Speed") == "Velocidad punta"
    assert "flechas aceleradoras" in translated(po, "es", "Booster arrows × {n}").casefold()
    spanish = all_text(po, "es")
    assert "Champiñón" not in spanish and "Rayo" not in spanish and "flecha de turbo" not in spanish
    assert "Dispárala" not in spanish


# --- Banana and Shift; Wipe Out -------------------------------------------------------------------------
def test_banana_speaks_of_the_shift_result_not_a_gear_change(po):
    banana = "mk-gaslands|deck/banana/text"
    msgid = next(m.id for m in po["fr"] if m.context == banana)
    assert "Shift" in translated(po, "fr", msgid, banana) and "vitesse" not in translated(po, "fr", msgid, banana)
    assert "Shift" in translated(po, "es", msgid, banana) and "marcha" not in translated(po, "es", msgid, banana)


@pytest.mark.parametrize("language", ["de", "es", "fr"])
def test_wipe_out_is_translated_on_campaign_screens(po, language):
    for message in po[language]:
        if message.id and any(path.startswith(("designer/panes/campaign", "designer/campaign", "designer/export"))
                              for path, _line in message.locations):
            assert "Wipe Out" not in text(message), (language, message.id)


# --- season messages --------------------------------------------------------------------------------------
def test_a_downforce_season_names_its_ruleset_and_colours_in_the_language():
    i18n.set_language("de")
    downforce = Context(load_ruleset("mk-downforce"))
    seven = [("A", "Mario"), ("B", "Luigi"), ("C", "Donkey Kong"), ("D", "Shy Guy"), ("E", "Toad"), ("F", "Bowser"),
             ("G", "Peach")]
    with pytest.raises(CampaignError) as refused:
        edit.new_campaign("Cup", downforce, "race_series", seven)
    assert str(refused.value).endswith("7 Spieler, aber Mario Kart für Downforce hat 6 Karts, eines pro Farbe "
                                       "(Rot, Grün, Orange, Schwarz, Blau, Gelb)")
    doc = edit.new_campaign("Cup", downforce, "race_series", [("Ana", "Mario"), ("Ben", "Luigi")])
    with pytest.raises(CampaignError) as refused:
        edit.set_character(doc, downforce, "Ben", "Peach")
    assert str(refused.value).endswith("Peach fährt das Kart Rot, das schon Ana gehört (Mario); es gibt ein Kart pro "
                                       "Farbe")
