#!/usr/bin/env python3
"""Fails if the source files of a crate depend on each other in a cycle.

For every crate under crates/ and every target of it (the library, the binaries, the
integration tests, the benchmarks and the examples), the script follows the `mod` declarations
from the target's root file to find its modules and the files that hold them, then reads every
path in those files that leads into the target itself: `crate::...`, `super::...`, `self::...`
and paths that start with the name of a child module, in `use` declarations and in code alike
(test modules included; comments and strings are skipped). A path to an item that a module
only imports (`use` or `pub use`) is followed to the module that defines it. Each such path is
an edge from the file it is written in to the file of the module it reaches; a cycle of edges
between two or more files is printed with the lines that make it, and the exit status is 1.

Usage: python3 scripts/import_cycles.py [CRATE_DIR...]   (default: every crate in crates/)
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------------------
# Tokens


class Token:
    __slots__ = ("kind", "text", "line")

    def __init__(self, kind, text, line):
        self.kind = kind  # "ident", "str", "punct"
        self.text = text
        self.line = line

    def __repr__(self):
        return f"{self.kind}:{self.text}@{self.line}"


IDENT_START = re.compile(r"[A-Za-z_]")
IDENT = re.compile(r"(?:r#)?[A-Za-z_][A-Za-z0-9_]*")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_]*(?:\.[0-9][0-9A-Za-z_]*)?")


def tokenize(src):
    """Rust source as identifiers, string literals and punctuation; comments dropped."""
    tokens = []
    i, line, n = 0, 1, len(src)
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if src.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif src.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += src[i] == "\n"
                    i += 1
        elif (m := re.compile(r'(?:b|c)?r(#*)"').match(src, i)) and (i == 0 or not src[i - 1].isalnum()):
            close = '"' + m.group(1)
            j = src.find(close, m.end())
            j = n if j < 0 else j + len(close)
            text = src[m.end() : j - len(close)]
            tokens.append(Token("str", text, line))
            line += src.count("\n", i, j)
            i = j
        elif c == '"' or (c in "bc" and src.startswith('"', i + 1)):
            start = i + (c != '"') + 1
            j = start
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            tokens.append(Token("str", src[start:j], line))
            line += src.count("\n", i, j)
            i = j + 1
        elif c == "'" or (c == "b" and src.startswith("'", i + 1)):
            k = i + (c == "b") + 1
            if k < n and src[k] == "\\":
                j = src.find("'", k + 2)
                i = n if j < 0 else j + 1
            elif k + 1 < n and src[k + 1] == "'":
                i = k + 2
            else:  # a lifetime or a label
                m = IDENT.match(src, k)
                i = m.end() if m else k
        elif IDENT_START.match(c):
            m = IDENT.match(src, i)
            tokens.append(Token("ident", m.group(0).removeprefix("r#"), line))
            i = m.end()
        elif c.isdigit():
            i = NUMBER.match(src, i).end()
        elif src.startswith("::", i):
            tokens.append(Token("punct", "::", line))
            i += 2
        else:
            tokens.append(Token("punct", c, line))
            i += 1
    return tokens


# ---------------------------------------------------------------------------------------------
# Modules


class Module:
    """One module: a file, or an inline `mod name { ... }` inside one."""

    def __init__(self, path, file, inline):
        self.path = path  # tuple of names from the target's root
        self.file = file
        self.inline = inline
        self.children = {}  # name -> Module
        self.imports = {}  # name -> (path segments, Module where written)
        self.globs = []  # (path segments, Module where written)
        self.defined = set()  # names of items defined here
        self.references = []  # (segments, line)


ITEM_KEYWORDS = {"fn", "struct", "enum", "union", "trait", "type", "const", "static", "macro_rules"}


def parse_use_tree(tokens, i, prefix, out):
    """Reads a use tree at `tokens[i]`; appends (segments, alias) for each leaf; returns the
    index after it."""
    segments = list(prefix)
    while i < len(tokens):
        t = tokens[i]
        if t.text == "{":
            i += 1
            while i < len(tokens) and tokens[i].text != "}":
                i = parse_use_tree(tokens, i, segments, out)
                if i < len(tokens) and tokens[i].text == ",":
                    i += 1
            return i + 1
        if t.text == "*":
            out.append((segments, "*"))
            return i + 1
        if t.kind == "ident":
            segments = segments + [t.text]
            i += 1
            if i < len(tokens) and tokens[i].text == "::":
                i += 1
                continue
            alias = segments[-1]
            if i + 1 < len(tokens) and tokens[i].text == "as":
                alias = tokens[i + 1].text
                i += 2
            if alias == "self" and len(segments) > 1:
                segments, alias = segments[:-1], segments[-2]
            out.append((segments, alias))
            return i
        if t.text == "::":  # a leading `::`
            i += 1
            continue
        return i
    return i


def mod_rs_dir(file, is_mod_rs):
    """The directory the children of a file's module live in."""
    directory = os.path.dirname(file)
    if is_mod_rs:
        return directory
    return os.path.join(directory, os.path.splitext(os.path.basename(file))[0])


class Target:
    """One compiled crate of a package: its root file and every module under it."""

    def __init__(self, root_file):
        self.root_file = root_file
        self.modules = {}  # path tuple -> Module
        self.files = []
        self.problems = []
        self.macros = {}  # name -> Module of each `macro_rules!` (exported ones live at the root)
        self.load(root_file, (), is_mod_rs=True)

    def load(self, file, path, is_mod_rs):
        try:
            with open(file, encoding="utf-8") as f:
                tokens = tokenize(f.read())
        except OSError as e:
            self.problems.append(f"{file}: {e.strerror}")
            return
        self.files.append(file)
        module = Module(path, file, inline=False)
        self.modules[path] = module
        self.read(tokens, module, mod_rs_dir(file, is_mod_rs))

    def read(self, tokens, top, directory):
        """Declarations, imports and paths of one file's tokens."""
        stack = [(top, directory, -1)]  # (module, directory of its children, brace depth)
        depth = 0
        pending_path = None
        i = 0
        while i < len(tokens):
            t = tokens[i]
            module, child_dir, _ = stack[-1]
            if t.text == "{":
                depth += 1
            elif t.text == "}":
                depth -= 1
                if len(stack) > 1 and depth == stack[-1][2]:
                    stack.pop()
            elif t.text == "#" and i + 4 < len(tokens) and tokens[i + 1].text == "[" and tokens[i + 2].text == "path":
                if tokens[i + 3].text == "=" and tokens[i + 4].kind == "str":
                    pending_path = tokens[i + 4].text
            elif t.text == ";":
                pending_path = None
            elif t.text == "mod" and i + 2 < len(tokens) and tokens[i + 1].kind == "ident":
                name, after = tokens[i + 1].text, tokens[i + 2].text
                if after == ";":
                    if pending_path is not None:
                        candidates = [os.path.join(os.path.dirname(module.file), pending_path)]
                        is_mod_rs = True
                    else:
                        candidates = [os.path.join(child_dir, name + ".rs"), os.path.join(child_dir, name, "mod.rs")]
                    found = next((c for c in candidates if os.path.isfile(c)), None)
                    if found is None:
                        self.problems.append(f"{module.file}:{t.line}: no file for `mod {name};`")
                    else:
                        if pending_path is None:
                            is_mod_rs = found.endswith("mod.rs")
                        self.load(os.path.normpath(found), module.path + (name,), is_mod_rs)
                        module.children[name] = self.modules.get(module.path + (name,))
                    pending_path = None
                    i += 3
                    continue
                if after == "{":
                    inner = Module(module.path + (name,), module.file, inline=True)
                    self.modules[inner.path] = inner
                    module.children[name] = inner
                    depth += 1
                    stack.append((inner, os.path.join(child_dir, name), depth - 1))
                    pending_path = None
                    i += 3
                    continue
            elif t.text == "use" and t.kind == "ident":
                leaves = []
                i = parse_use_tree(tokens, i + 1, [], leaves)
                for segments, alias in leaves:
                    if alias == "*":
                        module.globs.append((segments, module))
                    elif alias != "_":
                        module.imports[alias] = (segments, module)
                    module.references.append((segments, t.line))
                continue
            elif t.kind == "ident" and t.text in ITEM_KEYWORDS and i + 1 < len(tokens):
                j = i + 1
                if t.text == "macro_rules" and tokens[j].text == "!":
                    j += 1
                if tokens[j].kind == "ident":
                    module.defined.add(tokens[j].text)
                    if t.text == "macro_rules":
                        self.macros.setdefault(tokens[j].text, module)
            elif t.kind == "ident" and (i == 0 or tokens[i - 1].text not in ("::", "$", ".")):
                # A path in code: `a::b::c` (generic arguments end it).
                segments = [t.text]
                j = i + 1
                while j + 1 < len(tokens) and tokens[j].text == "::" and tokens[j + 1].kind == "ident":
                    segments.append(tokens[j + 1].text)
                    j += 2
                visibility = i >= 2 and tokens[i - 1].text == "in" and tokens[i - 2].text == "("
                if len(segments) > 1 and not visibility:
                    module.references.append((segments, t.line))
                i = j
                continue
            i += 1

    # -- resolution --------------------------------------------------------------------------

    def start(self, module, segments):
        """The module a path starts from and the rest of it, or None for another crate."""
        first = segments[0]
        if first == "crate":
            return self.modules[()], segments[1:]
        if first in ("super", "self"):
            path = module.path
            rest = segments
            while rest and rest[0] in ("super", "self"):
                if rest[0] == "super":
                    if not path:
                        return None
                    path = path[:-1]
                rest = rest[1:]
            return self.modules.get(path), rest
        if first in module.children:
            return module, segments
        if first in module.imports and module.imports[first][0] != segments[:1]:
            target, alias_rest = module.imports[first]
            resolved = self.start(module, target)
            if resolved is None or resolved[0] is None:
                return None
            return resolved[0], resolved[1] + segments[1:]
        return None

    def resolve(self, module, segments, seen=None):
        """The module that defines what `segments`, written in `module`, names; None outside
        the target."""
        started = self.start(module, segments)
        if started is None or started[0] is None:
            return None
        current, rest = started
        while rest and rest[0] in current.children and current.children[rest[0]] is not None:
            current, rest = current.children[rest[0]], rest[1:]
        if not rest:
            return current
        name = rest[0]
        seen = set() if seen is None else seen
        key = (current.path, name)
        if key in seen:
            return current
        seen.add(key)
        if name in current.defined:
            return current
        if not current.path and name in self.macros and name not in current.imports:
            return self.macros[name]
        if name in current.imports:
            target, written_in = current.imports[name]
            found = self.resolve(written_in, target + rest[1:], seen)
            # An import of another crate's item: only the importing module is read.
            return found if found is not None else current
        for target, written_in in current.globs:
            source = self.resolve(written_in, target, seen)
            if source is not None and source is not current:
                found = self.resolve(source, ["self"] + rest, seen)
                if found is not None and found is not source or name in source.defined:
                    return found
        return current

    def edges(self):
        """{(from file, to file): (line, path text)} for every reference between two files."""
        edges = {}
        for module in self.modules.values():
            for segments, line in module.references:
                target = self.resolve(module, segments)
                if target is None or target.file == module.file:
                    continue
                edges.setdefault((module.file, target.file), (line, "::".join(segments)))
        return edges


# ---------------------------------------------------------------------------------------------
# Cycles


def strongly_connected(nodes, successors):
    """Tarjan's components, each a list of nodes."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        work = [(v, iter(successors.get(v, ())))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, children = work[-1]
            advanced = False
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(successors.get(w, ()))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                components.append(component)

    for v in nodes:
        if v not in index:
            visit(v)
    return components


def one_cycle(component, successors):
    """A shortest cycle through the component's first node (in sorted order)."""
    members = set(component)
    start = min(component)
    previous = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(successors.get(v, ())):
                if w == start:
                    path = [v]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    return list(reversed(path)) + [start]
                if w in members and w not in previous:
                    previous[w] = v
                    following.append(w)
        frontier = following
    return [start]


def targets_of(crate_dir):
    """The root files of a package's targets."""
    roots = []
    src = os.path.join(crate_dir, "src")
    for name in ("lib.rs", "main.rs"):
        if os.path.isfile(os.path.join(src, name)):
            roots.append(os.path.join(src, name))
    for kind in ("src/bin", "tests", "benches", "examples"):
        directory = os.path.join(crate_dir, kind)
        if not os.path.isdir(directory):
            continue
        for entry in sorted(os.listdir(directory)):
            full = os.path.join(directory, entry)
            if entry.endswith(".rs") and os.path.isfile(full):
                roots.append(full)
            elif os.path.isfile(os.path.join(full, "main.rs")):
                roots.append(os.path.join(full, "main.rs"))
    manifest = os.path.join(crate_dir, "Cargo.toml")
    if os.path.isfile(manifest):
        with open(manifest, encoding="utf-8") as f:
            in_target = False
            for line in f:
                stripped = line.strip()
                if stripped.startswith("["):
                    in_target = stripped.startswith("[[")
                elif in_target and (m := re.match(r'path\s*=\s*"([^"]+)"', stripped)):
                    roots.append(os.path.normpath(os.path.join(crate_dir, m.group(1))))
    unique = []
    for root in roots:
        if os.path.normpath(root) not in unique:
            unique.append(os.path.normpath(root))
    return unique


def main(argv):
    crates_dir = os.path.join(ROOT, "crates")
    crate_dirs = argv or [os.path.join(crates_dir, d) for d in sorted(os.listdir(crates_dir))]
    crate_dirs = [d for d in crate_dirs if os.path.isfile(os.path.join(d, "Cargo.toml"))]
    failed = False
    files = 0
    for crate_dir in crate_dirs:
        for root in targets_of(crate_dir):
            target = Target(root)
            files += len(target.files)
            for problem in target.problems:
                print(f"warning: {os.path.relpath(problem, ROOT)}", file=sys.stderr)
            edges = target.edges()
            successors = {}
            for a, b in edges:
                successors.setdefault(a, set()).add(b)
            for component in strongly_connected(sorted(target.files), successors):
                if len(component) < 2:
                    continue
                failed = True
                cycle = one_cycle(component, successors)
                rel = lambda p: os.path.relpath(p, ROOT)
                print(f"import cycle in the target of {rel(root)} ({len(component)} files tied together):")
                for a, b in zip(cycle, cycle[1:]):
                    line, text = edges[(a, b)]
                    print(f"  {rel(a)}:{line} uses {text} -> {rel(b)}")
                others = sorted(set(component) - set(cycle))
                if others:
                    print("  also in it: " + ", ".join(rel(p) for p in others))
    if failed:
        return 1
    print(f"no import cycle between the files of any crate ({len(crate_dirs)} crates, {files} files read)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
