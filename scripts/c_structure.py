"""The C core's structure, read from the source (issue 40): which file calls which, and
the limits on file length and on a public function's parameters.

The call graph joins two files of ``csrc/`` when code in one uses a function (or a
function-like macro) defined in the other: an external function by its name; a header's
``static inline`` function or macro only from a file that includes that header (directly
or through other headers); a file's own definitions are its own. Uses are calls and
function pointers, in function bodies, in initializers and in macro bodies (a header's
macro is that header's code). Comments, string literals, prototypes and other
declarations are not uses; neither is ``#include`` (``hand_compact.c`` compiles the hand
machine's files again, it calls nothing itself). The graph must have no cycle: files that
share internals share one private header, and calls between files go one way.

    python scripts/c_structure.py          # every pair of files with calls, then cycles
    python scripts/c_structure.py --check  # exit 1 on a cycle, a long file, a wide prototype

``tests/test_c_structure.py`` runs the same checks.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
MAX_LINES = 650  # a product C file (generated tables aside)
MAX_PARAMS = 12  # a public function (csrc/api/*.h)

_TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|[^\s\\]")
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)
_DEFINE = re.compile(r"#\s*define\s+([A-Za-z_]\w*)(\([^)]*\))?(.*)", re.S)


def strip_comments(text: str) -> str:
    """The text without comments, string and character literals (each literal becomes an
    empty one; line breaks stay, so line numbers do not move)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            # a line break inside it continues a macro's definition when the comment does
            out.append(" " + "\\\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c + "\n" * text.count("\n", i, j))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


@dataclass
class Source:
    """One file of csrc/: what it defines and which names its code uses."""

    name: str
    includes: list[str] = field(default_factory=list)
    functions: set[str] = field(default_factory=set)  # every function defined here
    external: set[str] = field(default_factory=set)  # those not static (C files)
    data: set[str] = field(default_factory=set)  # external tables and variables defined here
    macros: set[str] = field(default_factory=set)  # function-like macros defined here
    uses: set[str] = field(default_factory=set)  # identifiers in code (not declarations)


def _split_directives(text: str) -> tuple[str, list[str]]:
    """The code without preprocessor lines (blank lines in their place) and the
    directives, each joined across its line continuations."""
    code: list[str] = []
    directives: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("#"):
            joined = [line]
            while joined[-1].endswith("\\") and i + 1 < len(lines):
                i += 1
                joined.append(lines[i])
                code.append("")
            directives.append("\n".join(part.rstrip("\\") for part in joined))
            code.append("")
        else:
            code.append(line)
        i += 1
    return "\n".join(code), directives


def _matching_open(tokens: list[str], close: int) -> int:
    depth = 0
    for k in range(close, -1, -1):
        if tokens[k] == ")":
            depth += 1
        elif tokens[k] == "(":
            depth -= 1
            if depth == 0:
                return k
    return -1


def _data(src: Source, statement: list[str], statics: set[str],
          aliases: dict[str, set[str]]) -> None:
    """A top-level statement with an initializer: a table's or variable's definition (an
    external one, not static, is a name other files use: a table of function pointers is
    a call), and the initializer's names are uses (function pointers)."""
    if "=" not in statement:
        return  # a prototype, a type, a declaration: no use, no definition
    eq = statement.index("=")
    src.uses.update(statement[eq + 1 :])
    head, depth = [], 0
    for tok in statement[:eq]:
        depth += (tok == "[") - (tok == "]")
        if depth == 0 and tok != "]":
            head.append(tok)
    if head and not (statics | {"extern", "typedef"}) & set(head):
        name = head[-1]
        src.data.update(aliases.get(name, {name}))


def parse_source(path: Path, static_words: Iterable[str] = ("static",)) -> Source:
    """Definitions and uses of one C file or header. ``static_words``: the tokens that
    make a definition static (``static`` and the macros that expand to it)."""
    src = Source(path.name)
    text = path.read_text()
    src.includes = _INCLUDE.findall(text)  # (the names are string literals, stripped below)
    code, directives = _split_directives(strip_comments(text))
    aliases: dict[str, set[str]] = {}  # object-like macros naming one identifier
    for d in directives:
        m = _DEFINE.match(d.strip())
        if m:
            if m.group(2) is not None:
                src.macros.add(m.group(1))
            elif re.fullmatch(r"\s*[A-Za-z_]\w*\s*", m.group(3)):
                aliases.setdefault(m.group(1), set()).add(m.group(3).strip())
            params = set(_TOKEN.findall(m.group(2) or ""))
            src.uses.update(t for t in _TOKEN.findall(m.group(3))
                            if (t[0].isalpha() or t[0] == "_") and t not in params)
    statics = set(static_words)
    tokens = _TOKEN.findall(code)
    depth = 0
    statement: list[str] = []  # the top-level tokens since the last ; or }
    body_kind = ""  # "function" or "other" while depth > 0
    for tok in tokens:
        if depth == 0:
            if tok == "{":
                name = ""
                if statement and statement[-1] == ")":
                    opening = _matching_open(statement, len(statement) - 1)
                    if opening > 0 and re.match(r"[A-Za-z_]\w*$", statement[opening - 1]):
                        name = statement[opening - 1]
                if name and "=" not in statement:
                    src.functions.add(name)
                    if not statics & set(statement):
                        src.external.add(name)
                    body_kind = "function"
                else:
                    body_kind = "other"  # a struct, union, enum or initializer
                    _data(src, statement, statics, aliases)
                depth = 1
                if body_kind == "function":
                    statement = []  # (after other bodies the statement goes on to its ;)
            elif tok == ";":
                _data(src, statement, statics, aliases)
                statement = []
            else:
                statement.append(tok)
            continue
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
            if depth == 0 and body_kind == "function":
                statement = []
        if (depth > 0 or body_kind != "function") and (tok[0].isalpha() or tok[0] == "_"):
            src.uses.add(tok)
    src.uses -= {"static", "inline", "const"}
    return src


def load(csrc: Path = CSRC) -> dict[str, Source]:
    """Every .c and .h file of csrc/ (api/*.h by their path under csrc/), parsed."""
    paths = sorted([*csrc.glob("*.c"), *csrc.glob("*.h"), *csrc.glob("api/*.h")])
    # the macros that make a definition static (HE_ALWAYS_INLINE: static inline ...)
    static_words = {"static"}
    for p in paths:
        for d in _split_directives(strip_comments(p.read_text()))[1]:
            m = _DEFINE.match(d.strip())
            if m and m.group(2) is None and "static" in _TOKEN.findall(m.group(3)):
                static_words.add(m.group(1))
    sources = {}
    for p in paths:
        s = parse_source(p, static_words)
        s.name = p.relative_to(csrc).as_posix()
        sources[s.name] = s
    return sources


def _included(sources: dict[str, Source], name: str) -> set[str]:
    """The headers a file includes, directly or through other headers."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for inc in sources[todo.pop()].includes:
            if inc.endswith(".h") and inc in sources and inc not in seen:
                seen.add(inc)
                todo.append(inc)
    return seen


def call_graph(sources: dict[str, Source]) -> dict[tuple[str, str], set[str]]:
    """(caller file, callee file) -> the names the caller uses of the callee's."""
    external: dict[str, str] = {}
    for s in sources.values():
        if s.name.endswith(".c"):
            for f in s.external | s.data:
                external.setdefault(f, s.name)
    graph: dict[tuple[str, str], set[str]] = {}
    for s in sources.values():
        own = s.functions | s.macros | s.data
        headers = _included(sources, s.name)
        for name in sorted(s.uses - own):
            targets = [h for h in headers
                       if name in sources[h].functions or name in sources[h].macros]
            if not targets and name in external:
                targets = [external[name]]
            for t in targets:
                if t != s.name:
                    graph.setdefault((s.name, t), set()).add(name)
    return graph


def strong_groups(succ: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan) of the graph whose
    edges run from each node to its ``succ`` (nodes only named as successors count too),
    each sorted, in sorted order."""
    nodes = sorted({*succ, *(w for ws in succ.values() for w in ws)})
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(succ.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in nodes:
        if v not in index:
            visit(v)
    return sorted(groups)


def cycles(graph: dict[tuple[str, str], set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one file, each sorted."""
    succ: dict[str, list[str]] = {}
    for a, b in graph:
        succ.setdefault(a, []).append(b)
    return strong_groups(succ)


def long_files(csrc: Path = CSRC, limit: int = MAX_LINES) -> dict[str, int]:
    """Product C files (not the generated tables) longer than ``limit`` lines."""
    found = {}
    for p in sorted([*csrc.glob("*.c"), *csrc.glob("*.h")]):
        text = p.read_text()
        if text.startswith("/* Generated by"):
            continue
        lines = text.count("\n")
        if lines > limit:
            found[p.name] = lines
    return found


def prototypes(csrc: Path = CSRC) -> dict[str, int]:
    """Every function declared in csrc/api/*.h and its count of parameters (a parameter
    that is itself a function pointer counts once)."""
    found = {}
    for p in sorted(csrc.glob("api/*.h")):
        code, _ = _split_directives(strip_comments(p.read_text()))
        depth = 0
        statement: list[str] = []
        for tok in _TOKEN.findall(code):
            depth += (tok == "{") - (tok == "}")
            if tok != ";" or depth:
                statement.append(tok)
                continue
            if statement and statement[0] != "typedef" and statement[-1] == ")":
                opening = _matching_open(statement, len(statement) - 1)
                name = statement[opening - 1] if opening > 0 else ""
                if re.fullmatch(r"[A-Za-z_]\w*", name):
                    params, level, count = statement[opening + 1 : -1], 0, 1
                    for t in params:
                        level += (t == "(") - (t == ")")
                        count += t == "," and level == 0
                    found[name] = 0 if params in ([], ["void"]) else count
            statement = []
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when a rule is broken")
    args = ap.parse_args(argv)
    graph = call_graph(load())
    pairs = sorted({tuple(sorted(k)) for k in graph})
    for a, b in pairs:
        print(f"{a} -- {b}")
        for x, y in ((a, b), (b, a)):
            if (x, y) in graph:
                print(f"    {x} -> {y}: {', '.join(sorted(graph[(x, y)]))}")
    groups = cycles(graph)
    print(f"\n{len(pairs)} pairs of files with calls; {len(groups)} cycles")
    for g in groups:
        print("cycle: " + ", ".join(g))
        for a in g:
            for b in g:
                if (a, b) in graph:
                    print(f"    {a} -> {b}: {', '.join(sorted(graph[(a, b)]))}")
    long = long_files()
    for name, lines in long.items():
        print(f"over {MAX_LINES} lines: {name} ({lines})")
    wide = {f: n for f, n in prototypes().items() if n > MAX_PARAMS}
    for name, n in wide.items():
        print(f"over {MAX_PARAMS} parameters: {name} ({n})")
    return 1 if args.check and (groups or long or wide) else 0


if __name__ == "__main__":
    sys.exit(main())
