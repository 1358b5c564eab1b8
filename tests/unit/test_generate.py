"""Generate (issue 32): the shared runner (`designer.geometry.generate`), the Gaslands generator and
`kartographer generate`."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from designer.cli import main
from designer.geometry.checks import run_checks
from designer.geometry.generate import (
    GenerateError,
    fill_settings,
    generate,
    generator_of,
    generator_systems,
    parse_settings,
    parse_table,
)
from designer.geometry.route import crossings
from designer.rules import load_ruleset
from designer.systems import registry

GASLANDS = "mk-gaslands"
SEEDS = 100  # per shape: 200 tracks in all


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset(GASLANDS)


def _faults(document, ruleset) -> list[str]:
    return [f"{p.severity} {p.code}: {p.message}" for p in run_checks(document, ruleset)
            if p.severity in ("error", "warning") or p.code == "tight-corner"]


# --- the runner ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "size"), [
    ("6ftx4ft", (1828.8, 1219.2)), ("6x4ft", (1828.8, 1219.2)), ("72 × 48 in", (1828.8, 1219.2)),
    ("1800x1200", (1800.0, 1200.0)), ("180cmx120cm", (1800.0, 1200.0)), ("1.5mx1m", (1500.0, 1000.0)),
    ("6'x4'", (1828.8, 1219.2)), ("4ft x 900mm", (1219.2, 900.0)),
])
def test_table_sizes_are_read_with_their_units(text, size):
    assert parse_table(text) == pytest.approx(size)


@pytest.mark.parametrize("text", ["banana", "6ft", "6ftx", "x4ft", "50x50", "20000x1000", "6kmx4km", "-6x4ft"])
def test_a_bad_table_size_is_refused_on_one_line(text):
    with pytest.raises(GenerateError) as caught:
        parse_table(text)
    assert "\n" not in str(caught.value)


def test_settings_are_filled_from_the_rule_data_and_range_checked(ruleset):
    _system, generator = generator_of(GASLANDS)
    filled = fill_settings(generator, ruleset, {"gates": "6"})
    assert filled["gates"] == 6 and filled["width"] == ruleset.element_defaults.track_width_mm
    assert set(filled) == {o.name for o in generator.options}
    with pytest.raises(GenerateError, match="gates must be a whole number from 1 to 10, not '11'"):
        fill_settings(generator, ruleset, {"gates": "11"})
    with pytest.raises(GenerateError, match=r"gates must be a whole number from 1 to 10, not '2\.5'"):
        fill_settings(generator, ruleset, {"gates": "2.5"})
    with pytest.raises(GenerateError, match=r"hazards must be one of none, few, some, many, not 'lots'"):
        fill_settings(generator, ruleset, {"hazards": "lots"})
    with pytest.raises(GenerateError, match=r"has no option 'laps'.*gates \(1–10\)"):
        parse_settings(generator, ["laps=3"])
    with pytest.raises(GenerateError, match="has no option 'gates'"):
        parse_settings(generator, ["gates"])  # no value


def test_a_system_without_a_generator_or_an_unknown_one_is_refused():
    without = [s.id for s in registry.systems() if s.generator is None]
    if without:
        with pytest.raises(GenerateError, match=f"{without[0]} has no track generator .*{GASLANDS}"):
            generator_of(without[0])
    with pytest.raises(GenerateError, match="'nope' is not a game system"):
        generator_of("nope")
    assert GASLANDS in [s.id for s in generator_systems()]


def test_a_table_too_small_is_refused():
    with pytest.raises(GenerateError, match=r"too small .* at least 1120 mm on its shorter side"):
        generate(GASLANDS, (1828.8, 1100.0))
    with pytest.raises(GenerateError, match=r"figure-8 250 mm wide needs at least 1680 mm on the table's longer"):
        generate(GASLANDS, (1600.0, 1200.0), settings={"shape": "figure-8"})
    for seed in range(3):  # the sizes it names are enough
        assert generate(GASLANDS, (1120.0, 1120.0), seed).table.width_mm == 1120.0
        assert generate(GASLANDS, (1680.0, 1120.0), seed, {"shape": "figure-8"}).table.width_mm == 1680.0
    assert not crossings(generate(GASLANDS, (1200.0, 1200.0), 1, {"shape": "any"}).track)


@pytest.mark.parametrize("system_id", [s.id for s in generator_systems()])
def test_every_generator_makes_clean_distinct_tracks_at_its_defaults(system_id):
    """Whatever system contributes a generator: a few seeds at its defaults, each clean and its own."""
    ruleset = load_ruleset(system_id)
    made = [generate(system_id, seed=seed) for seed in range(5)]
    for document in made:
        assert document.ruleset == system_id
        assert [p.code for p in run_checks(document, ruleset) if p.severity in ("error", "warning")] == []
    assert len({d.model_dump_json() for d in made}) == len(made)
    assert generate(system_id, seed=3) == made[3]


# --- Gaslands --------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", ["circuit", "figure-8"])
def test_every_seed_makes_a_clean_track_and_seeds_differ(shape, ruleset):
    lines = set()
    for seed in range(SEEDS):
        document = generate(GASLANDS, seed=seed, settings={"shape": shape, "hazards": "some"})
        assert _faults(document, ruleset) == [], seed
        assert len(crossings(document.track)) == (shape == "figure-8"), seed
        lines.add(tuple(map(tuple, document.track.centerline)))
    assert len(lines) == SEEDS


def test_the_same_seed_makes_the_same_track():
    settings = {"shape": "any", "hazards": "many"}
    assert generate(GASLANDS, seed=42, settings=settings) == generate(GASLANDS, seed=42, settings=settings)
    assert generate(GASLANDS, seed=42, settings=settings) != generate(GASLANDS, seed=43, settings=settings)


def test_the_course_has_what_the_options_ask(ruleset):
    settings = {"gates": 5, "box_lines": 3, "coins": 9, "boosts": 3, "ramps": 2, "pipes": 2, "hazards": "none"}
    document = generate(GASLANDS, (1828.8, 1219.2), 11, settings)
    kinds = Counter(e.kind for e in document.elements)
    assert kinds["start_finish"] == 1 and kinds["gate"] == 5 and kinds["item_box"] == 3 * document.karts
    assert (kinds["coin"], kinds["boost_pad"], kinds["ramp"], kinds["warp_pipe"]) == (9, 3, 2, 4)
    assert not {"thwomp", "piranha_plant", "chain_chomp", "wandering_threat"} & set(kinds)
    assert sorted(e.order for e in document.elements if e.kind == "gate") == [1, 2, 3, 4, 5]
    pipes = {e.id: e for e in document.elements if e.kind == "warp_pipe"}
    assert all(pipes[p.pair].pair == p.id for p in pipes.values())
    doubles = Counter(e.id.rsplit("-box-", 1)[0] for e in document.elements if e.kind == "item_box" and e.stack == 2)
    assert sorted(doubles.values()) == [1, 1, 1]  # each box line has one double-stacked box
    assert _faults(document, ruleset) == []


def test_hazard_density_raises_the_count():
    def hazards(density: str) -> int:
        return sum(sum(e.kind in ("thwomp", "piranha_plant", "chain_chomp", "wandering_threat")
                       for e in generate(GASLANDS, seed=s, settings={"hazards": density}).elements)
                   for s in range(5))

    assert hazards("none") == 0 < hazards("few") < hazards("many")
    from designer.systems.mk_gaslands.circuit import HAZARDS_PER_M
    from designer.systems.mk_gaslands.generate import DENSITY_TITLES

    assert list(HAZARDS_PER_M) == list(DENSITY_TITLES)  # every density offered has its number


def test_a_wider_track_and_a_larger_table(ruleset):
    document = generate(GASLANDS, (2400.0, 1500.0), 3, {"width": 320})
    assert document.track.width_mm == 320 and _faults(document, ruleset) == []
    xs = [x for x, _y in document.track.centerline]
    assert max(xs) - min(xs) > 1400  # it fills the table, not the 6×4 middle of it


# --- the command line ------------------------------------------------------------------------------
def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_writes_a_track_that_validates(capsys, tmp_path):
    out = tmp_path / "gen.track.json"
    code, printed, err = run(capsys, "generate", "--ruleset", GASLANDS, "--table", "6ftx4ft", "--seed", "5",
                             "--set", "gates=3", "--set", "shape=figure-8", "-o", str(out))
    assert (code, err) == (0, "") and printed.startswith(f"wrote {out}: ")
    data = json.loads(out.read_text())
    assert data["ruleset"] == GASLANDS and data["table"] == {"width_mm": 1828.8, "height_mm": 1219.2}
    assert sum(e["kind"] == "gate" for e in data["elements"]) == 3
    assert run(capsys, "validate", str(out))[0] == 0
    before = out.read_bytes()
    code, _printed, err = run(capsys, "generate", "--ruleset", GASLANDS, "--seed", "6", "-o", str(out))
    assert code == 2 and "already exists (use --force to replace it)" in err and out.read_bytes() == before
    assert run(capsys, "generate", "--ruleset", GASLANDS, "--seed", "6", "--force", "-o", str(out))[0] == 0
    assert out.read_bytes() != before
    again = tmp_path / "again.track.json"
    for path in (again, out):
        run(capsys, "generate", "--ruleset", GASLANDS, "--table", "6ftx4ft", "--seed", "5", "--set", "gates=3",
            "--set", "shape=figure-8", "--force", "-o", str(path))
    assert again.read_bytes() == out.read_bytes()


@pytest.mark.parametrize(("argv", "message"), [
    (["--set", "gates=0"], "gates must be a whole number from 1 to 10, not '0'"),
    (["--set", "wings=2"], "has no option 'wings'"),
    (["--table", "2x2ft"], "is too small"),
    (["--table", "huge"], "'huge' is not a table size"),
    (["--seed", "-1"], "-1 is not in 0…2147483647"),
    (["--ruleset", "nope"], "'nope' is not a game system"),
])
def test_generate_refusals_are_one_line_and_write_nothing(capsys, tmp_path, argv, message):
    out = tmp_path / "gen.track.json"
    base = ["generate", "--ruleset", GASLANDS, "-o", str(out)]
    code, printed, err = run(capsys, *base, *argv)
    assert code == 2 and printed == "" and message in err and err.count("\n") == 1
    assert not out.exists()


def test_generate_refuses_a_system_without_a_generator(capsys, tmp_path):
    without = [s.id for s in registry.systems() if s.generator is None]
    if not without:
        pytest.skip("every system has a generator")
    code, _out, err = run(capsys, "generate", "--ruleset", without[0], "-o", str(tmp_path / "x.track.json"))
    assert code == 2 and f"{without[0]} has no track generator" in err and err.count("\n") == 1
