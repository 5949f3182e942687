"""The C core's structure (issue 40), read from csrc/ by scripts/c_structure.py: no two
files call each other, directly or round a loop (files that share internals share one
private header, and calls between files go one way); no product C file over 650 lines; no
public function over 12 parameters; docs/engine.md's rule table names each C function's
file. Also the parser itself, on small files written here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"


cs = load_script("c_structure")


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def _edges(folder: Path) -> dict[tuple[str, str], set[str]]:
    return cs.call_graph(cs.load(folder))  # type: ignore[no-any-return]


# ---- the tree ---------------------------------------------------------------------------


def test_no_c_file_calls_a_file_that_calls_back() -> None:
    graph = _edges(CSRC)
    found = cs.cycles(graph)
    lines = [f"{a} -> {b}: {', '.join(sorted(graph[a, b]))}"
             for group in found for a in group for b in group if (a, b) in graph]
    assert not found, "calls between these files go round a loop:\n" + "\n".join(lines)


def test_the_graph_sees_the_calls_between_files() -> None:
    """The parser finds what is there (a check that finds nothing passes for nothing)."""
    graph = _edges(CSRC)
    assert {"he_hi_settle", "he_hi_showdown"} <= graph["hand.c", "hand_showdown.c"]
    assert "he_hi_next_street" in graph["hand_cards.c", "hand.c"]
    assert "he_hi_record" in graph["hand_internal.h", "hand_log.c"]  # inline code in a header
    assert "he_hi_emit" in graph["hand.c", "hand_internal.h"]
    assert "he_batch_full_layout" in graph["hand_batch_api.c", "hand_batch.c"]  # a table of kernels
    assert "he_settle_rake_of" in graph["settle_pots.c", "settle_rake.c"]
    assert "he_rank_rows" in graph["eval_short.c", "eval_rows.h"]
    assert ("eval_rows.h", "eval_short.c") not in graph


def test_no_product_c_file_is_over_650_lines() -> None:
    assert cs.long_files(CSRC, 650) == {}
    assert cs.long_files(CSRC, 400)  # (counted: settle_pots.c, hand.c, hand_batch.c ...)


def test_no_public_c_function_takes_more_than_12_parameters() -> None:
    counts = cs.prototypes(CSRC)
    assert {name: n for name, n in counts.items() if n > 12} == {}
    assert counts["he_settle_hand"] == 12 and counts["he_settle_hand_dead"] == 4
    assert counts["he_hand_size"] == 0 and counts["he_pool_run"] == 4 and len(counts) > 70


def _rule_table() -> list[str]:
    """The function cells of docs/engine.md's rule table ("How the engine is built")."""
    text = (ROOT / "docs" / "engine.md").read_text()
    section = text.split("## How the engine is built", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    return [row.rstrip(" |").rsplit(" | ", 1)[1] for row in rows[1:]]  # past the header


def test_the_rule_table_names_each_c_function_in_its_file() -> None:
    sources = cs.load(CSRC)
    cells = _rule_table()
    assert len(cells) > 20
    checked = 0
    for cell in cells:
        pending: list[str] = []
        # names, then the files they are in: "`a`, `b` (x.c), `c` (y.c, y.h; `d`)"
        for name, group in re.findall(r"`([^`]+)`|\(([^)]*)\)", cell):
            if name:
                pending += [name] if re.fullmatch(r"[A-Za-z_]\w*", name) else []
                continue
            files = re.findall(r"[\w]+\.[ch]\b", group)
            inner = [n for n in re.findall(r"`([A-Za-z_]\w*)`", group) if not n.isupper()]
            for fn in (pending + inner) if files else []:
                homes = [f for f in files if fn in sources[f].functions | sources[f].macros]
                assert homes, f"docs/engine.md names {fn} in {', '.join(files)}: not defined there"
                checked += 1
            pending = []
        assert not pending, f"no file named after {pending} in {cell!r}"
    assert checked > 40


# ---- the parser ---------------------------------------------------------------------------


def test_comments_strings_and_prototypes_are_not_calls(tmp_path: Path) -> None:
    _write(tmp_path, {
        "a.c": '#include "a.h"\nint he_a(void) { return 1; }\n',
        "b.c": (
            '#include "a.h"\n'
            "int he_a(void);  /* a prototype: he_a() */\n"
            "// he_a();\n"
            'static const char *s = "he_a()";\n'
            "int he_b(void) { return 2; }\n"
        ),
        "a.h": "int he_a(void);\n",
    })
    assert _edges(tmp_path) == {}


def test_a_header_whose_inline_code_calls_back_is_a_cycle(tmp_path: Path) -> None:
    _write(tmp_path, {
        "x_internal.h": (
            "void he_x_record(int v);\n"
            "static inline void he_x_emit(int v)\n{\n    he_x_record(v);\n}\n"
        ),
        "x.c": '#include "x_internal.h"\nvoid he_x_record(int v) { (void)v; }\n'
               "int he_x_go(void)\n{\n    he_x_emit(1);\n    return 0;\n}\n",
    })
    graph = _edges(tmp_path)
    assert graph == {("x.c", "x_internal.h"): {"he_x_emit"},
                     ("x_internal.h", "x.c"): {"he_x_record"}}
    assert cs.cycles(graph) == [["x.c", "x_internal.h"]]


def test_function_pointers_in_tables_and_macros_are_calls(tmp_path: Path) -> None:
    _write(tmp_path, {
        "k.c": "int he_k_run(int v) { return v; }\n",
        "t.c": ("typedef int (*job)(int);\n"
                "static const job jobs[] = {he_k_run};\n"
                "#define RUN(v) he_k_run(v)\n"
                "int he_t(void) { return jobs[0](1); }\n"),
        "u.c": "#define LAYOUT he_u_table\nconst int LAYOUT = 3;\n",
        "v.c": "extern const int he_u_table;\nint he_v(void) { return he_u_table; }\n",
    })
    assert _edges(tmp_path) == {("t.c", "k.c"): {"he_k_run"}, ("v.c", "u.c"): {"he_u_table"}}


def test_a_static_function_of_another_file_is_not_reached(tmp_path: Path) -> None:
    _write(tmp_path, {
        "p.c": "static int helper(void) { return 1; }\nint he_p(void) { return helper(); }\n",
        "q.c": "static int helper(void) { return 2; }\nint he_q(void) { return helper() + he_p(); }\n",
    })
    assert _edges(tmp_path) == {("q.c", "p.c"): {"he_p"}}


def test_a_loop_of_three_files_is_one_cycle() -> None:
    graph = {("a.c", "b.c"): {"f"}, ("b.c", "c.c"): {"g"}, ("c.c", "a.c"): {"h"},
             ("c.c", "d.c"): {"i"}}
    assert cs.cycles(graph) == [["a.c", "b.c", "c.c"]]


def test_prototypes_count_their_parameters(tmp_path: Path) -> None:
    _write(tmp_path, {"api/k.h": (
        "/* int he_commented(int a, int b); */\n"
        "typedef int (*he_job)(int a, int b, int c);\n"
        "size_t he_none(void);\n"
        "int he_wide(const int *a, int b,\n            int c, double (*d)[2], int e);\n"
    )})
    assert cs.prototypes(tmp_path) == {"he_none": 0, "he_wide": 5}


@pytest.mark.parametrize("lines", [650, 651])
def test_long_files_skip_the_generated_tables(tmp_path: Path, lines: int) -> None:
    _write(tmp_path, {"big.c": "int x;\n" * lines,
                      "tables.c": "/* Generated by scripts/gen.py; do not edit. */\n" + "int y;\n" * 999})
    assert cs.long_files(tmp_path, 650) == ({} if lines == 650 else {"big.c": 651})
