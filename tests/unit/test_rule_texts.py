"""Rule-data texts in the user's language: the Babel extractor finds every shown name and text of the rule
files (with contexts keyed by ids), babel.cfg uses it, and cards, campaign standings and `rules` read them
through the catalogue (designer/rules/texts.py) while the rule models stay English."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.frontend import parse_mapping_cfg

from designer import i18n
from designer.cli import main
from designer.export import CardOptions, write_cards_pdf
from designer.paths import RULESETS_DIR
from designer.rules import list_rulesets, load_ruleset, texts
from designer.rules.extract import extract_rules
from designer.systems.axles_alloys_2.rule_data import (
    axles_rules,
    component_includes,
    component_name,
    component_note,
    firing_face,
    reroll_event,
    weight_class_name,
)
from designer.systems.mk_board.rule_data import board_rules, board_space_effect, board_space_name, roll_outcome_effect
from designer.systems.mk_downforce.rule_data import die_face, downforce_rules, kart_colour_name, kit_note, token_name
from designer.systems.pitchkart.rule_data import inventory_note, piece_name, pitchkart_rules, stat_note

from . import pdfscan

ROOT = Path(__file__).resolve().parents[2]


def extracted(path: Path) -> list[tuple[int, str, tuple[str, str], list[str]]]:
    with path.open("rb") as handle:
        return list(extract_rules(handle, (), (), {}))


def contexts(path: Path) -> dict[str, str]:
    return {ctx: english for _line, _keyword, (ctx, english), _comments in extracted(path)}


# --- the extractor ------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", list_rulesets(), ids=lambda r: r.id)
def test_every_card_yields_its_name_and_text_with_id_contexts(ruleset):
    found = contexts(RULESETS_DIR / f"{ruleset.id}.json")
    for card in ruleset.deck:
        assert found[f"{ruleset.id}|deck/{card.id}/name"] == card.name
        assert found[f"{ruleset.id}|deck/{card.id}/text"] == card.text
        if card.reach:
            assert found[f"{ruleset.id}|deck/{card.id}/reach"] == card.reach
        if card.uses_note:
            assert found[f"{ruleset.id}|deck/{card.id}/uses_note"] == card.uses_note
    for character in ruleset.characters:
        assert found[f"{ruleset.id}|characters/{character.id}/name"] == character.name
    assert found[f"{ruleset.id}|name"] == ruleset.name and found[f"{ruleset.id}|summary"] == ruleset.summary


def test_messages_are_pgettext_with_the_line_they_stand_on():
    path = RULESETS_DIR / "mk-gaslands.json"
    lines = path.read_text(encoding="utf-8").splitlines()
    for line, keyword, (ctx, english), _comments in extracted(path):
        assert keyword == "pgettext" and ctx.startswith("mk-gaslands|")
        assert f'"{english}"' in lines[line - 1]
    text = next(m for m in extracted(path) if m[2][0] == "mk-gaslands|deck/green-shell/text")
    assert text[3] and "200" in text[3][0]  # translators learn the card-text limit


def test_ids_numbers_tags_and_codes_stay_out():
    found = contexts(RULESETS_DIR / "mk-gaslands.json")
    values = set(found.values())
    assert not {"green-shell", "shell", "projectile", "mm", "discard", "Middleweight"} & values
    assert all(not english.isdigit() for english in values)
    axles = contexts(RULESETS_DIR / "axles-alloys-2.json")
    assert "axles-alloys-2|axles/weight_classes/medium/name" in axles
    assert "axles-alloys-2|axles/components/turret/note" in axles
    assert not {"weapon", "d6+2", "deathmatch"} & set(axles.values())


def test_the_same_word_in_two_places_has_two_contexts():
    gaslands = contexts(RULESETS_DIR / "mk-gaslands.json")
    downforce = contexts(RULESETS_DIR / "mk-downforce.json")
    assert gaslands["mk-gaslands|deck/banana/name"] == downforce["mk-downforce|downforce/tokens/banana"] == "Banana"
    assert "mk-gaslands|templates/straights/medium/name" in gaslands


@pytest.mark.parametrize("ruleset", list_rulesets(), ids=lambda r: r.id)
def test_every_helper_looks_up_an_extracted_context(ruleset, monkeypatch):
    asked: list[tuple[str, str]] = []
    monkeypatch.setattr(texts, "pgettext", lambda ctx, english: asked.append((ctx, english)) or english)
    texts.ruleset_name(ruleset), texts.ruleset_summary(ruleset)
    for character in ruleset.characters:
        texts.character_name(ruleset, character)
    for card in ruleset.deck:
        texts.card_name(ruleset, card), texts.card_text(ruleset, card)
        texts.card_reach(ruleset, card), texts.card_uses_note(ruleset, card)
    for key in texts.DECK_RULE_KEYS:
        texts.deck_rule_note(ruleset, key)
    for template in ruleset.templates.straights:
        texts.template_name(ruleset, "straights", template.name)
    for template in ruleset.templates.turns:
        texts.template_name(ruleset, "turns", template.name)
    for spend in ruleset.coins.spend if ruleset.coins else ():
        texts.coin_spend_effect(ruleset, spend)
    for space in board_rules(ruleset).spaces if board_rules(ruleset) else ():
        board_space_name(ruleset, space), board_space_effect(ruleset, space)
        for index in range(len(space.roll_table or ())):
            roll_outcome_effect(ruleset, space, index)
    for stat, note in (pitchkart_rules(ruleset).stats.items() if pitchkart_rules(ruleset) else ()):
        stat_note(ruleset, stat, note)
    for piece in pitchkart_rules(ruleset).inventory.pieces if pitchkart_rules(ruleset) else ():
        piece_name(ruleset, piece)
    inventory_note(ruleset)
    if downforce_rules(ruleset):
        for face in downforce_rules(ruleset).item_die_faces:
            die_face(ruleset, face)
        for token in downforce_rules(ruleset).tokens:
            token_name(ruleset, token)
        for kart in downforce_rules(ruleset).karts:
            kart_colour_name(ruleset, kart.colour)
        kit_note(ruleset)
    if axles_rules(ruleset):
        for weight_class in axles_rules(ruleset).weight_classes:
            weight_class_name(ruleset, weight_class)
        for component in axles_rules(ruleset).components:
            component_name(ruleset, component), component_note(ruleset, component)
            component_includes(ruleset, component)
        for award in axles_rules(ruleset).career_rerolls:
            reroll_event(ruleset, award.event)
        for face in axles_rules(ruleset).firing_faces:
            firing_face(ruleset, face)
    found = {(ctx, english) for ctx, english in contexts(RULESETS_DIR / f"{ruleset.id}.json").items()}
    assert asked and set(asked) == found


def test_babel_cfg_extracts_the_rule_files_with_it():
    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, _options = parse_mapping_cfg(handle)
    assert ("resources/rulesets/*.json", "designer.rules.extract:extract_rules") in method_map
    assert ("designer/**.py", "python") in method_map


def test_the_rule_models_stay_english():
    i18n.set_language("de")
    ruleset = load_ruleset("mk-gaslands")
    assert ruleset.card_by_id("green-shell").name == "Green Shell"
    assert texts.card_name("mk-gaslands", ruleset.card_by_id("green-shell")) == "Grüner Panzer"


def test_a_text_the_catalogue_lacks_stays_as_written():
    i18n.set_language("fr")
    assert texts.rule_text("some-outside-system", "deck/x/name", "Whatever") == "Whatever"
    assert texts.weight_name("Superheavy") == "Superheavy" and texts.colour_name("teal") == "teal"
    assert texts.weight_name(None) is None and texts.colour_name(None) is None


# --- where they are shown -----------------------------------------------------------------------------
def test_the_gaslands_deck_prints_in_german():
    i18n.set_language("de")
    buffer = io.BytesIO()
    write_cards_pdf(buffer, load_ruleset("mk-gaslands"), CardOptions())
    pdf = pdfscan.reader(buffer.getvalue())
    words = re.sub(r"\s+", " ", " ".join(" ".join(pdfscan.texts(page, pdf)) for page in pdf.pages))
    assert "Grüner Panzer" in words and "Green Shell" not in words
    assert "Schalte sofort einen Gang hoch" in words  # the Mushroom's rule text
    assert "höchstens einer je Gangphase" in words  # a uses note
    assert "Mario Kart Gaslands" in words  # the deck's name on the backs


def test_a_character_name_in_french_in_the_campaign_standings():
    from designer.campaign.context import Context
    from designer.campaign.grand_prix import standings
    from designer.campaign.validate import check_campaign
    from designer.model.campaign import CampaignDocument, Player, Race

    ctx = Context(load_ruleset("mk-gaslands"))
    doc = CampaignDocument(name="Coupe", players=[Player(name="Alex", character="princess-peach"),
                                                  Player(name="Billie", character="shy-guy")],
                           races=[Race() for _ in range(4)])
    check_campaign(doc, ctx)
    i18n.set_language("fr")
    shown = {row.player: row.character for row in standings(doc, ctx)}
    assert shown == {"Alex": "Princesse Peach", "Billie": "Shy Guy"}
    assert doc.players[0].character == "princess-peach"  # the document keeps the id


def test_a_translated_character_name_picks_the_character():
    from designer.campaign.roster import resolve_character
    from designer.model.campaign import CampaignDocument

    i18n.set_language("de")
    doc = CampaignDocument(name="Pokal")
    assert resolve_character(doc, load_ruleset("mk-gaslands"), "prinzessin peach") == "princess-peach"
    assert resolve_character(doc, load_ruleset("mk-gaslands"), "Princess Peach") == "princess-peach"


def test_rules_command_in_spanish(capsys):
    assert main(["--lang", "es", "rules", "mk-gaslands"]) == 0
    out = capsys.readouterr().out
    assert "Caparazón verde" in out and "Green Shell" not in out
    assert "Princesa Peach" in out
    assert "Una adaptación de fans" in out  # the summary


def test_rules_command_in_english_is_unchanged(capsys):
    assert main(["rules", "mk-gaslands"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Mario Kart Gaslands (mk-gaslands)\nA fan conversion")
    assert "   12 × Green Shell" in out
