"""`kartographer campaign print` of a board-game series prints the board game's own player mat per player
(their name and character, coins 0 to the rule data's bank, turns to miss, laps, coin spending), not the
shared kart dashboard; read back from the PDF."""

from __future__ import annotations

from designer.rules import load_ruleset
from designer.systems.mk_board.rule_data import board_rules

from . import pdfscan
from .cli_runner import run

BOARD = load_ruleset("mk-board")


def page_texts(path) -> list[list[str]]:
    reader = pdfscan.reader(path.read_bytes())
    return [pdfscan.texts(page, reader, into_forms=True) for page in reader.pages]


def test_board_series_prints_the_board_games_player_mats(capsys, tmp_path):
    campaign = tmp_path / "bg.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "mk-board", "--player", "Ana:Mario", "Ben:Luigi",
               "Cy:Yoshi", "-o", campaign)[0] == 0
    out = tmp_path / "bg.pdf"
    code, _text, err = run(capsys, "campaign", "print", campaign, "--sections", "dashboards", "-o", out)
    assert code == 0, err
    pages = page_texts(out)
    mats = [page for page in pages if any(t.startswith("PLAYER ") for t in page)]
    assert [next(t for t in page if t.startswith("PLAYER ")) for page in mats] == ["PLAYER 1", "PLAYER 2",
                                                                                   "PLAYER 3"]
    bank = board_rules(BOARD).bank_coins
    assert bank == 20
    for page, (player, character) in zip(mats, [("Ana", "Mario"), ("Ben", "Luigi"), ("Cy", "Yoshi")], strict=True):
        assert player in page and character in page
        assert [t for t in page if t.isdigit() and int(t) <= bank][:bank + 1] == [str(n) for n in range(bank + 1)]
        assert "TURNS TO MISS (tick one off each turn you sit out)" in page and "LAPS DONE" in page
        assert "10 coins → 15 spaces further" in page
        assert not any(t.startswith("KART ") for t in page)
