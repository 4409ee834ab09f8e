#!/usr/bin/env python3
"""Build the framework-edge truth of one application (issue 13, item 7).

Usage: build_truth.py APP_ROOT [--repo OWNER/NAME] [--commit SHA] [-o OUT.json]

For every framework-invoked handler the script finds (NestJS events, jobs,
microservice patterns and CQRS handlers; Django signal receivers and Celery
tasks; Spring event, Kafka and Rabbit listeners; Go functions registered by
value), it lists every site in the application's own code that publishes to
it, with the key that links them. It shares no code with callcascade: it is
Python's standard library and regular expressions over comment-masked
source, written from the frameworks' documented behaviour. README.md beside it
says what it deliberately leaves out.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import sys
from dataclasses import dataclass, field

# ---------------------------------------------------------------- files

SKIP_DIRS = {
    ".git", "node_modules", "dist", "build", "out", "target", "vendor", "venv", ".venv",
    "__pycache__", "site-packages", ".history", ".idea", ".vscode", "coverage", ".next",
    ".tox", ".mypy_cache", ".pytest_cache", "bower_components",
}
EXTS = {
    ".ts": "ts", ".tsx": "ts", ".js": "ts", ".jsx": "ts", ".mjs": "ts", ".cjs": "ts",
    ".py": "py", ".java": "java", ".go": "go",
}


class GitIgnore:
    """The subset of .gitignore the applications use: globs, anchors, dirs, negation."""

    def __init__(self, root: str):
        self.rules: list[tuple[str, str, bool, bool]] = []  # (base, pattern, negate, dir_only)
        self.root = root

    def load(self, rel_dir: str) -> None:
        path = os.path.join(self.root, rel_dir, ".gitignore")
        try:
            lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
        except OSError:
            return
        for line in lines:
            line = line.rstrip()
            if not line or line.startswith("#"):
                continue
            neg = line.startswith("!")
            if neg:
                line = line[1:]
            dir_only = line.endswith("/")
            line = line.rstrip("/")
            if not line:
                continue
            self.rules.append((rel_dir, line, neg, dir_only))

    def ignored(self, rel: str, is_dir: bool) -> bool:
        out = False
        for base, pat, neg, dir_only in self.rules:
            if dir_only and not is_dir:
                continue
            if base and not (rel == base or rel.startswith(base + "/")):
                continue
            sub = rel[len(base) + 1:] if base else rel
            anchored = "/" in pat.strip("*/") or pat.startswith("/")
            p = pat.lstrip("/")
            if p.startswith("**/"):
                p, anchored = p[3:], False
            if anchored:
                hit = fnmatch.fnmatchcase(sub, p) or fnmatch.fnmatchcase(sub, p + "/**")
            else:
                hit = fnmatch.fnmatchcase(os.path.basename(sub), p)
            if hit:
                out = not neg
        return out


def walk(root: str) -> list[str]:
    gi = GitIgnore(root)
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
        rel_dir = "" if rel_dir == "." else rel_dir
        gi.load(rel_dir)
        keep = []
        for d in sorted(dirnames):
            rel = f"{rel_dir}/{d}" if rel_dir else d
            if d in SKIP_DIRS or d.endswith(".git") or gi.ignored(rel, True):
                continue
            keep.append(d)
        dirnames[:] = keep
        for f in sorted(filenames):
            ext = os.path.splitext(f)[1]
            if ext not in EXTS or f.endswith(".d.ts") or f.endswith(".min.js"):
                continue
            rel = f"{rel_dir}/{f}" if rel_dir else f
            if not gi.ignored(rel, False):
                found.append(rel)
    return found


# ---------------------------------------------------------------- source text

@dataclass
class Src:
    rel: str
    lang: str
    text: str  # the file as written
    code: str  # comments blanked (same length, same lines)
    nl: list[int] = field(default_factory=list)

    def line(self, off: int) -> int:
        lo, hi = 0, len(self.nl)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.nl[mid] < off:
                lo = mid + 1
            else:
                hi = mid
        return lo + 1


def mask_comments(text: str, lang: str) -> str:
    """Blank comments, keep strings; every character keeps its offset."""
    out = list(text)
    i, n = 0, len(text)
    quotes = "'\"`" if lang == "ts" else ("'\"" if lang in ("py", "java") else "'\"`")
    while i < n:
        c = text[i]
        if lang == "py" and c == "#":
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
            continue
        if lang != "py" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
            continue
        if lang != "py" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if text[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if c in quotes:
            if lang == "py" and text.startswith(c * 3, i):
                j = text.find(c * 3, i + 3)
                i = n if j < 0 else j + 3
                continue
            j = i + 1
            while j < n and text[j] != c:
                if text[j] == "\\":
                    j += 1
                elif text[j] == "\n" and c not in "`":
                    break
                j += 1
            i = j + 1
            continue
        i += 1
    return "".join(out)


def load(root: str, rel: str) -> Src | None:
    try:
        text = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    lang = EXTS[os.path.splitext(rel)[1]]
    s = Src(rel, lang, text, mask_comments(text, lang))
    s.nl = [m.start() for m in re.finditer("\n", text)]
    return s


OPEN, CLOSE = "([{", ")]}"


def skip_string(s: str, i: int) -> int:
    """Index after the string literal starting at s[i]."""
    q = s[i]
    if s.startswith(q * 3, i) and q in "'\"":
        j = s.find(q * 3, i + 3)
        return len(s) if j < 0 else j + 3
    j = i + 1
    while j < len(s) and s[j] != q:
        if s[j] == "\\":
            j += 1
        j += 1
    return j + 1


def match_close(s: str, i: int) -> int:
    """Index of the bracket closing s[i]; len(s) when unbalanced."""
    depth, j = 0, i
    while j < len(s):
        c = s[j]
        if c in "'\"`":
            j = skip_string(s, j)
            continue
        if c in OPEN:
            depth += 1
        elif c in CLOSE:
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return len(s)


def split_top(s: str, sep: str = ",") -> list[tuple[str, int]]:
    """Split s at top-level separators; (text stripped, offset of its start)."""
    parts, depth, start, j = [], 0, 0, 0
    while j < len(s):
        c = s[j]
        if c in "'\"`":
            j = skip_string(s, j)
            continue
        if c in OPEN:
            depth += 1
        elif c in CLOSE:
            depth -= 1
        elif c == sep and depth == 0:
            parts.append((s[start:j], start))
            start = j + 1
        j += 1
    parts.append((s[start:], start))
    out = []
    for t, off in parts:
        lead = len(t) - len(t.lstrip())
        if t.strip():
            out.append((t.strip(), off + lead))
    return out


def call_args(code: str, open_idx: int) -> tuple[list[tuple[str, int]], int]:
    """Arguments of the call whose '(' is at open_idx: [(text, absolute offset)], close index."""
    close = match_close(code, open_idx)
    inner = code[open_idx + 1:close]
    return [(t, open_idx + 1 + o) for t, o in split_top(inner)], close


def kwargs_of(args: list[tuple[str, int]]) -> tuple[list[str], dict[str, str]]:
    """Positional and keyword arguments (Python name=value, Java name = value)."""
    pos, kw = [], {}
    for t, _ in args:
        m = re.match(r"^([A-Za-z_]\w*)\s*=(?!=)\s*(.*)$", t, re.S)
        if m:
            kw[m.group(1)] = m.group(2).strip()
        else:
            pos.append(t)
    return pos, kw


def object_props(t: str) -> dict[str, str] | None:
    """Properties of an object or dict literal's text, or None."""
    t = t.strip()
    if not (t.startswith("{") and t.endswith("}")):
        return None
    props = {}
    for part, _ in split_top(t[1:-1]):
        m = re.match(r"""^\s*['"]?([A-Za-z_$][\w$]*)['"]?\s*:\s*(.*)$""", part, re.S)
        if m:
            props[m.group(1)] = m.group(2).strip()
        elif re.match(r"^[A-Za-z_$][\w$]*$", part):
            props[part] = part  # shorthand {name}
    return props


# ---------------------------------------------------------------- constants

STR_RE = re.compile(r"""^(?:[rbuRBU]?'((?:[^'\\]|\\.)*)'|[rbuRBU]?"((?:[^"\\]|\\.)*)")$""", re.S)


class Consts:
    """Qualified constant name → [(file, value)], over one language of the project."""

    def __init__(self):
        self.by_name: dict[str, list[tuple[str, object]]] = {}
        self.raw: dict[str, list[tuple[str, str]]] = {}  # unevaluated, evaluated lazily

    def add_raw(self, name: str, rel: str, expr: str) -> None:
        self.raw.setdefault(name, []).append((rel, expr))

    # TS only: file → local name → (file it is imported from, name there), and
    # file → files it re-exports (export * from / export {X} from).
    imports: dict[str, dict[str, tuple[str, str]]] = {}
    reexports: dict[str, list[str]] = {}

    def origin(self, name: str, rel: str, hops: int = 0) -> list[tuple[str, str]]:
        """Where name, as seen from rel, is defined: [(file, qualified name)]."""
        head, _, rest = name.partition(".")
        imp = self.imports.get(rel, {}).get(head)
        if imp is None or hops > 6:
            return []
        f, orig = imp
        q = (orig + "." + rest if rest else orig) if orig else rest
        if not q:
            return []
        if any(r == f for r, _ in self.raw.get(q, [])):
            return [(f, q)]
        out = self.origin(q, f, hops + 1)
        for g in ([] if out else self.reexports.get(f, [])):
            if any(r == g for r, _ in self.raw.get(q, [])):
                return [(g, q)]
        return out

    def lookup(self, name: str, rel: str, ev, depth: int):
        entries = self.raw.get(name)
        via = self.origin(name, rel)
        if via:
            f, q = via[0]
            return self.lookup_in(q, f, ev, depth)
        if not entries:
            return None
        same = [e for e in entries if e[0] == rel]
        pick = same or entries
        return self.agree(pick, ev, depth)

    def lookup_in(self, name: str, rel: str, ev, depth: int):
        return self.agree([e for e in self.raw.get(name, []) if e[0] == rel], ev, depth)

    def agree(self, pick, ev, depth: int):
        """The one value every entry evaluates to, or None; memoized, cycles give None."""
        if not pick:
            return None
        memo_key = tuple(pick)
        memo = self.__dict__.setdefault("_memo", {})
        if memo_key in memo:
            return memo[memo_key]
        memo[memo_key] = None  # in progress: a cycle evaluates to None
        memo[memo_key] = self._agree(pick, ev, depth)
        return memo[memo_key]

    def _agree(self, pick, ev, depth: int):
        if len(pick) > 50:
            return None  # a name that common is a local variable, not a key constant
        vals = set()
        for r, expr in pick:
            v = ev(expr, r, depth + 1)
            if v is None:
                return None
            vals.add(json.dumps(v, sort_keys=True))
        if len(vals) != 1:
            return None
        return json.loads(vals.pop())


class Evaluator:
    def __init__(self, lang: str, consts: Consts):
        self.lang, self.consts = lang, consts

    def __call__(self, expr: str, rel: str, depth: int = 0):
        """A key's value (str, number, or a dict for an object literal), or None."""
        if depth > 12 or expr is None:
            return None
        e = expr.strip()
        e = strip_as_const(e)
        if self.lang == "py" and e.endswith(".value"):
            e = e[: -len(".value")]
        if self.lang == "java" and e.endswith(".name()"):
            return e[:-len(".name()")].split(".")[-1]
        while e.startswith("(") and match_close(e, 0) == len(e) - 1:
            e = e[1:-1].strip()
        m = STR_RE.match(e)
        if m:
            return m.group(1) if m.group(1) is not None else m.group(2)
        if e.startswith("`") and e.endswith("`") and len(e) >= 2:
            return self.template(e[1:-1], rel, depth)
        if self.lang == "py" and re.match(r"^[fF]['\"]", e):
            inner = STR_RE.match(e[1:])
            if inner:
                body = inner.group(1) if inner.group(1) is not None else inner.group(2)
                return self.template(body.replace("{", "${"), rel, depth)
        if re.match(r"^-?\d+(\.\d+)?$", e):
            return float(e) if "." in e else int(e)
        if e.startswith("{") and self.lang in ("ts", "py"):
            props = object_props(e)
            if props is None:
                return None
            out = {}
            for k, v in props.items():
                val = self(v, rel, depth + 1)
                if val is None:
                    return None
                out[k] = val
            return out
        if re.match(r"^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$", e):
            v = self.consts.lookup(e, rel, self, depth)
            if v is None and "." in e:
                # module.CONST (Python, Go) or an imported namespace.
                parts = e.split(".")
                for i in range(1, len(parts)):
                    v = self.consts.lookup(".".join(parts[i:]), rel, self, depth)
                    if v is not None:
                        break
            return v
        # String concatenation of evaluable parts.
        parts = split_plus(e)
        if len(parts) > 1:
            vals = [self(p, rel, depth + 1) for p in parts]
            if all(isinstance(v, (str, int)) for v in vals):
                return "".join(str(v) for v in vals)
        return None

    def template(self, body: str, rel: str, depth: int):
        out, i = [], 0
        while i < len(body):
            if body.startswith("${", i):
                j = match_close(body, i + 1)
                v = self(body[i + 2:j], rel, depth + 1)
                if not isinstance(v, (str, int)):
                    return None
                out.append(str(v))
                i = j + 1
            else:
                out.append(body[i])
                i += 1
        return "".join(out)


def split_plus(e: str) -> list[str]:
    return [t for t, _ in split_top(e, "+")]


TS_RESOLVE = ("", ".ts", ".tsx", ".js", ".jsx", ".mjs", "/index.ts", "/index.tsx", "/index.js")


def ts_module_file(spec: str, rel: str, known: set[str]) -> str | None:
    """The project file an import specifier names: relative, or a path alias (@/x, ~/x,
    src/x, @app/x) matched by its tail."""
    if spec.startswith("."):
        base = os.path.normpath(os.path.join(os.path.dirname(rel), spec)).replace(os.sep, "/")
        for ext in TS_RESOLVE:
            if base + ext in known:
                return base + ext
        return None
    if spec in _alias_cache:
        return _alias_cache[spec]
    tail = re.sub(r"^(@[\w-]*|~|#)/", "", spec)
    hit = None
    if tail != spec or "/" in spec:  # otherwise a package
        stems = {}
        for k in known:
            stem = re.sub(r"(/index)?\.(tsx?|jsx?|mjs)$", "", k)
            stems.setdefault(stem, k)
        hits = {k for stem, k in stems.items() if ("/" + stem).endswith("/" + tail)}
        hit = hits.pop() if len(hits) == 1 else None
    _alias_cache[spec] = hit
    return hit


_alias_cache: dict[str, str | None] = {}


def ts_imports(srcs: list[Src], c: "Consts") -> None:
    known = {s.rel for s in srcs}
    for s in srcs:
        imp = {}
        for m in re.finditer(r"\bimport\s+(?:type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+([\w$]+))?\s*from\s*['\"]([^'\"]+)['\"]", s.code):
            f = ts_module_file(m.group(4), s.rel, known)
            if f is None:
                continue
            for part in (m.group(2) or "").split(","):
                mm = re.match(r"\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$", part)
                if mm:
                    imp[mm.group(2) or mm.group(1)] = (f, mm.group(1))
            if m.group(3):
                imp[m.group(3)] = (f, "")  # namespace import: ns.X → X
        c.imports[s.rel] = {k: v for k, v in imp.items()}
        for m in re.finditer(r"\bexport\s+(?:\*|\{[^}]*\})\s*from\s*['\"]([^'\"]+)['\"]", s.code):
            f = ts_module_file(m.group(1), s.rel, known)
            if f:
                c.reexports.setdefault(s.rel, []).append(f)


def collect_consts(srcs: list[Src], lang: str) -> Consts:
    c = Consts()
    c.imports, c.reexports = {}, {}
    if lang == "ts":
        ts_imports(srcs, c)
    for s in srcs:
        code = s.code
        if lang == "ts":
            for m in re.finditer(r"\b(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*[^=]+?)?=\s*", code):
                start = m.end()
                expr = expr_at(code, start)
                add_object(c, m.group(1), s.rel, expr)
            for m in re.finditer(r"\benum\s+([A-Za-z_$][\w$]*)\s*\{", code):
                close = match_close(code, m.end() - 1)
                n = 0
                for part, _ in split_top(code[m.end():close]):
                    mm = re.match(r"""^['"]?([A-Za-z_$][\w$]*)['"]?\s*(?:=\s*(.*))?$""", part, re.S)
                    if not mm:
                        continue
                    if mm.group(2) is not None:
                        c.add_raw(f"{m.group(1)}.{mm.group(1)}", s.rel, mm.group(2))
                        if re.match(r"^\d+$", mm.group(2).strip()):
                            n = int(mm.group(2).strip())
                    else:
                        c.add_raw(f"{m.group(1)}.{mm.group(1)}", s.rel, str(n))
                    n += 1
            for cls in class_spans(s):
                body = code[cls.start:cls.end]
                for m in re.finditer(r"\bstatic\s+(?:readonly\s+)?([A-Za-z_$][\w$]*)\s*(?::\s*[^=;]+?)?=\s*", body):
                    c.add_raw(f"{cls.name}.{m.group(1)}", s.rel, expr_at(body, m.end()))
                for m in re.finditer(r"\bstatic\s+(?:get\s+)?([A-Za-z_$][\w$]*)\s*\(\s*\)\s*(?::\s*[\w<>\[\]|' ]+)?\{\s*return\s+", body):
                    c.add_raw(f"{cls.name}.{m.group(1)}", s.rel, expr_at(body, m.end()))
        elif lang == "py":
            for m in re.finditer(r"(?m)^([A-Z_][A-Z0-9_]*)\s*(?::\s*[^=\n]+)?=\s*", code):
                c.add_raw(m.group(1), s.rel, expr_at(code, m.end()))
            for m in re.finditer(r"(?m)^class\s+([A-Za-z_]\w*)[^\n]*:\s*\n", code):
                body = py_block(code, m.end(), 0)
                for mm in re.finditer(r"(?m)^[ \t]+([A-Za-z_]\w*)\s*=\s*", body):
                    c.add_raw(f"{m.group(1)}.{mm.group(1)}", s.rel, expr_at(body, mm.end()))
        elif lang == "java":
            for cls in class_spans(s):
                body = code[cls.start:cls.end]
                for m in re.finditer(r"\bstatic\s+final\s+[\w<>\[\]]+\s+([A-Za-z_]\w*)\s*=\s*", body):
                    expr = expr_at(body, m.end())
                    c.add_raw(m.group(1), s.rel, expr)
                    c.add_raw(f"{cls.name}.{m.group(1)}", s.rel, expr)
                for m in re.finditer(r"\bfinal\s+String\s+([A-Za-z_]\w*)\s*=\s*", body):
                    c.add_raw(m.group(1), s.rel, expr_at(body, m.end()))
        elif lang == "go":
            for m in re.finditer(r"\bconst\s*\(", code):
                close = match_close(code, m.end() - 1)
                for line in code[m.end():close].splitlines():
                    mm = re.match(r"^\s*([A-Za-z_]\w*)\s*(?:[\w.]+\s*)?=\s*(.+?)\s*$", line)
                    if mm:
                        c.add_raw(mm.group(1), s.rel, mm.group(2))
            for m in re.finditer(r"\bconst\s+([A-Za-z_]\w*)\s*(?:[\w.]+\s*)?=\s*([^\n;]+)", code):
                c.add_raw(m.group(1), s.rel, m.group(2).strip())
    return c


def strip_as_const(e: str) -> str:
    """`{...} as const` → `{...}` (string ops: a regex anchored at $ is quadratic here)."""
    if e.endswith("const"):
        head = e[:-5].rstrip()
        if head.endswith("as") and head[-3:-2].isspace():
            return head[:-2].rstrip()
    return e


def add_object(c: Consts, name: str, rel: str, expr: str) -> None:
    c.add_raw(name, rel, expr)
    props = object_props(strip_as_const(expr.strip()))
    if props:
        for k, v in props.items():
            add_object(c, f"{name}.{k}", rel, v)


def expr_at(code: str, i: int) -> str:
    """The expression starting at i, up to a top-level ';', newline or closing bracket."""
    j, depth = i, 0
    while j < len(code):
        ch = code[j]
        if ch in "'\"`":
            j = skip_string(code, j)
            continue
        if ch in OPEN:
            depth += 1
        elif ch in CLOSE:
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (ch == ";" or ch == "\n" or ch == ","):
            # A line ending inside a binary expression continues it.
            if ch == "\n" and (code[i:j].rstrip().endswith(("+", "=", "(")) or
                                code[j + 1:j + 200].lstrip().startswith((".", "+", "?", ":"))):
                j += 1
                continue
            break
        j += 1
    return code[i:j].strip()


# ---------------------------------------------------------------- classes & functions

@dataclass
class Span:
    name: str
    start: int  # body start (after '{' or ':')
    end: int
    decl: int  # offset of the declaration keyword
    header: str = ""  # text between the name and the body


def class_spans(s: Src) -> list[Span]:
    out = []
    if s.lang == "py":
        for m in re.finditer(r"(?m)^([ \t]*)class\s+([A-Za-z_]\w*)([^\n]*):[ \t]*\n", s.code):
            body = py_block(s.code, m.end(), len(m.group(1)))
            out.append(Span(m.group(2), m.end(), m.end() + len(body), m.start(), m.group(3)))
        return out
    kw = r"\b(?:class|interface|enum|record)\s+" if s.lang == "java" else r"\bclass\s+"
    if s.lang == "go":
        return out
    for m in re.finditer(kw + r"([A-Za-z_$][\w$]*)", s.code):
        brace = s.code.find("{", m.end())
        if brace < 0:
            continue
        close = match_close(s.code, brace)
        out.append(Span(m.group(1), brace + 1, close, m.start(), s.code[m.end():brace]))
    return out


def container_of(classes: list[Span], off: int) -> Span | None:
    best = None
    for c in classes:
        if c.start <= off < c.end and (best is None or c.start > best.start):
            best = c
    return best


def py_block(code: str, start: int, indent: int) -> str:
    """The indented block starting at start (the line after a ':')."""
    lines = code[start:].split("\n")
    taken, out = False, []
    for ln in lines:
        if ln.strip() == "":
            out.append(ln)
            continue
        ind = len(ln) - len(ln.lstrip())
        if ind <= indent:
            break
        taken = True
        out.append(ln)
    while out and out[-1].strip() == "":
        out.pop()
    return "\n".join(out) if taken else ""


@dataclass
class Func:
    name: str
    params: list[str]
    start: int  # body
    end: int
    name_off: int
    container: str
    src: Src
    sig: str = ""  # parameters and results as written (Go: to tell a handler's signature)


TS_KEYWORDS = {"if", "for", "while", "switch", "catch", "function", "return", "constructor", "super", "typeof", "new", "await"}


def functions(s: Src) -> list[Func]:
    code, out = s.code, []
    classes = class_spans(s)
    if s.lang == "py":
        for m in re.finditer(r"(?m)^([ \t]*)(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(", code):
            close = match_close(code, m.end() - 1)
            colon = code.find(":", close)
            nl = code.find("\n", colon)
            body = py_block(code, nl + 1, len(m.group(1))) if nl >= 0 else ""
            params = [re.split(r"[:=]", p)[0].strip().lstrip("*") for p, _ in split_top(code[m.end():close])]
            cont = container_of(classes, m.start())
            out.append(Func(m.group(2), params, nl + 1, nl + 1 + len(body), m.start(2), cont.name if cont else "", s))
        return out
    if s.lang == "go":
        for m in re.finditer(r"(?m)^func\s+(?:\(\s*(?:\w+\s+)?\*?\s*([\w.]+)(?:\[[^\]]*\])?\s*\)\s*)?([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\(", code):
            close = match_close(code, m.end() - 1)
            brace = code.find("{", close)
            if brace < 0:
                continue
            end = match_close(code, brace)
            params = [p.split()[0] if p.split() else p for p, _ in split_top(code[m.end():close])]
            out.append(Func(m.group(2), params, brace + 1, end, m.start(2), m.group(1) or "", s, code[m.end():brace]))
        return out
    if s.lang == "java":
        # A name after a type-ish token (word, '>' or ']'): linear, unlike a pattern
        # spelling the whole return type.
        pat = r"(?<=[\w>\]])\s+([A-Za-z_]\w*)\s*\("
    else:
        pat = r"(?<![\w$.])\*?([A-Za-z_$][\w$]*)\s*(?:<[^>()\n]*>)?\s*\("
    for m in re.finditer(pat, code):
        name = m.group(1)
        if name in TS_KEYWORDS:
            continue
        if s.lang == "java" and re.search(r"\b(new|return|else|throw|case|yield|assert)\s*$", code[max(0, m.start() - 12):m.start() + 1]):
            continue
        close = match_close(code, m.end() - 1)
        rest = code[close + 1: close + 400]
        # One greedy run each (no nested quantifiers: this runs at every call site).
        mm = re.match(r"\s*(?::[^{;=]*|throws\b[^{;=]*)?\{", rest)
        if not mm:
            continue
        brace = close + 1 + mm.end() - 1
        before = code[max(0, m.start() - 1):m.start()]
        if before == ".":
            continue
        end = match_close(code, brace)
        params = []
        for p, _ in split_top(code[m.end():close]):
            p = re.sub(r"@\w+(\([^)]*\))?\s*", "", p)
            p = re.sub(r"\b(public|private|protected|readonly|final)\s+", "", p)
            if s.lang == "java":
                params.append(p.split()[-1] if p.split() else p)
            else:
                params.append(re.split(r"[?:=]", p)[0].strip().lstrip("."))
        cont = container_of(classes, m.start())
        out.append(Func(name, params, brace + 1, end, m.start(1), cont.name if cont else "", s))
    # const f = (a, b) => { ... }
    if s.lang == "ts":
        for m in re.finditer(r"\b(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s*)?\(", code):
            close = match_close(code, m.end() - 1)
            rest = code[close + 1:close + 200]
            mm = re.match(r"\s*(?::[^=]*)?=>\s*", rest)
            if not mm:
                continue
            body_at = close + 1 + mm.end()
            end = match_close(code, body_at) if code[body_at:body_at + 1] == "{" else len(expr_at(code, body_at)) + body_at
            params = [re.split(r"[?:=]", p)[0].strip() for p, _ in split_top(code[m.end():close])]
            out.append(Func(m.group(1), params, body_at, end, m.start(1), "", s))
    return out


def enclosing(funcs: list[Func], off: int) -> Func | None:
    best = None
    for f in funcs:
        if f.start <= off <= f.end and (best is None or f.start > best.start):
            best = f
    return best


# ---------------------------------------------------------------- model

@dataclass
class Handler:
    path: str
    line: int
    name: str
    container: str
    kind: str
    keys: list
    family: str  # which publishers can reach it
    publishers: list = field(default_factory=list)
    implicit: list = field(default_factory=list)
    registrations: list = field(default_factory=list)  # signal.connect(f): neither publisher nor false
    module: str = ""  # Python dotted module, Go package dir

    def out(self) -> dict:
        return {
            "path": self.path, "line": self.line, "name": self.name, "container": self.container,
            "kind": self.kind, "keys": self.keys,
            "publishers": sorted(self.publishers, key=lambda p: (p["path"], p["line"], p["key"])),
            "implicit": self.implicit,
            "registrations": self.registrations,
        }


@dataclass
class Pub:
    family: str
    key: object
    path: str
    line: int
    how: str
    lang: str


def keystr(v) -> str:
    return v if isinstance(v, str) else json.dumps(v, sort_keys=True)


# ---------------------------------------------------------------- decorators

def decorators_before(code: str, off: int) -> list[tuple[str, str, int]]:
    """Decorators/annotations stacked right before offset: (name, args text, offset of '@')."""
    out = []
    j = off
    while True:
        k = j
        # Skip modifiers and whitespace back to the previous token.
        seg = code[:k].rstrip()
        seg2 = re.sub(r"(?:\b(?:public|private|protected|static|async|readonly|override|final|def|export|default|abstract|synchronized)\s*)+$", "", seg).rstrip()
        if seg2.endswith(")"):
            # find matching '('
            depth, p = 0, len(seg2) - 1
            while p >= 0:
                if seg2[p] == ")":
                    depth += 1
                elif seg2[p] == "(":
                    depth -= 1
                    if depth == 0:
                        break
                p -= 1
            m = re.search(r"@([A-Za-z_$][\w$.]*)\s*$", seg2[:p])
            if not m:
                break
            out.append((m.group(1), seg2[p + 1:-1], m.start()))
            j = m.start()
            continue
        m = re.search(r"@([A-Za-z_$][\w$.]*)\s*$", seg2)
        if m:
            out.append((m.group(1), "", m.start()))
            j = m.start()
            continue
        break
    return out


def decorated(s: Src, names: set[str]):
    """Yield (decorator name, args text, '@' offset) for decorators of the given names."""
    for m in re.finditer(r"@([A-Za-z_$][\w$.]*)", s.code):
        base = m.group(1).split(".")[-1] if s.lang != "py" else m.group(1)
        if base not in names and m.group(1) not in names:
            continue
        rest = s.code[m.end():]
        ws = len(rest) - len(rest.lstrip(" \t"))
        if rest[ws:ws + 1] == "(":
            close = match_close(s.code, m.end() + ws)
            yield m.group(1), s.code[m.end() + ws + 1:close], m.start(), close + 1
        else:
            yield m.group(1), "", m.start(), m.end()


def next_decl(s: Src, off: int) -> tuple[str, int, str] | None:
    """The declaration the decorator at off applies to: (name, name offset, kind)."""
    code = s.code
    j = off
    while True:
        rest = code[j:]
        m = re.match(r"\s*@[A-Za-z_$][\w$.]*\s*", rest)
        if not m:
            break
        j += m.end()
        if code[j:j + 1] == "(":
            j = match_close(code, j) + 1
    rest = code[j:j + 600]
    if s.lang == "py":
        m = re.match(r"\s*(?:async\s+)?(def|class)\s+([A-Za-z_]\w*)", rest)
        if m:
            return m.group(2), j + m.start(2), m.group(1)
        return None
    m = re.match(r"\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?(?:public\s+|final\s+)*(class)\s+([A-Za-z_$][\w$]*)", rest)
    if m:
        return m.group(2), j + m.start(2), "class"
    if s.lang == "java":
        m = re.match(r"\s*(?:(?:public|protected|private|static|final|synchronized|abstract)\s+)*[\w<>\[\],.? ]+?\s+([A-Za-z_]\w*)\s*\(", rest, re.S)
    else:
        m = re.match(r"\s*(?:(?:public|private|protected|static|async|readonly|override)\s+)*\*?([A-Za-z_$][\w$]*)\s*(?:<[^>()]*>)?\s*\(", rest)
    if m:
        return m.group(1), j + m.start(1), "method"
    return None


# ---------------------------------------------------------------- NestJS

def first_arg_key(args_text: str, ev, rel: str, prop: str = "name") -> list:
    """Keys of a decorator's first argument: a value, an array of them, or {name: X}."""
    args = split_top(args_text)
    if not args:
        return []
    a = args[0][0]
    if a.startswith("["):
        vals = [ev(t, rel) for t, _ in split_top(a[1:-1])]
        return [v for v in vals if v is not None] if all(v is not None for v in vals) else [None]
    props = object_props(a)
    if props is not None and prop in props:
        return [ev(props[prop], rel)]
    return [ev(a, rel)]


def nest_handlers(srcs: list[Src], ev, handlers: list[Handler], notes: list) -> None:
    for s in srcs:
        classes = class_spans(s)
        processors: dict[str, tuple[str, Span]] = {}
        for name, args, at, end in decorated(s, {"Processor"}):
            d = next_decl(s, end)
            if not d or d[2] != "class":
                continue
            keys = first_arg_key(args, ev, s.rel) if args.strip() else ["default"]
            cls = next((c for c in classes if c.name == d[0]), None)
            if cls is None:
                continue
            processors[cls.name] = (keys[0] if keys else None, cls)
            if re.search(r"\bextends\s+WorkerHost\b", cls.header):
                pm = re.search(r"\b(?:async\s+)?process\s*\(", s.code[cls.start:cls.end])
                if pm:
                    off = cls.start + pm.start() + pm.group(0).index("process")
                    q = keys[0] if keys else None
                    handlers.append(Handler(s.rel, s.line(off), "process", cls.name, "bullmq-workerhost",
                                            [f"{keystr(q)}:*"] if q is not None else [None], "queue"))
        for name, args, at, end in decorated(s, {"Process", "OnEvent", "EventPattern", "MessagePattern"}):
            d = next_decl(s, end)
            if not d or d[2] != "method":
                continue
            cls = container_of(classes, at)
            cname = cls.name if cls else ""
            if name == "Process":
                if cname not in processors:
                    notes.append({"path": s.rel, "line": s.line(d[1]), "name": d[0],
                                  "reason": "@Process outside a @Processor class: Bull never calls it"})
                    continue
                q = processors[cname][0]
                job = first_arg_key(args, ev, s.rel)[0] if args.strip() else "__default__"
                key = f"{keystr(q)}:{keystr(job)}" if q is not None and job is not None else None
                handlers.append(Handler(s.rel, s.line(d[1]), d[0], cname, "bull-process", [key], "queue"))
            elif name == "OnEvent":
                keys = first_arg_key(args, ev, s.rel, "name")
                if keys == [None]:
                    keys = first_arg_key(args, ev, s.rel, "event")
                keys = [keystr(k) if k is not None else None for k in keys]
                handlers.append(Handler(s.rel, s.line(d[1]), d[0], cname, "nest-onevent", keys, "event"))
            else:
                keys = [keystr(k) if k is not None else None for k in first_arg_key(args, ev, s.rel, "__none__")]
                # A Nest microservice server looks a packet's pattern up among all its
                # handlers: emit() reaches a @MessagePattern too, send() an @EventPattern.
                fam = "ms"
                handlers.append(Handler(s.rel, s.line(d[1]), d[0], cname, "nest-" + name.lower(), keys, fam))
        for name, args, at, end in decorated(s, {"EventsHandler", "CommandHandler", "QueryHandler"}):
            d = next_decl(s, end)
            if not d or d[2] != "class":
                continue
            cls = next((c for c in classes if c.name == d[0]), None)
            if cls is None:
                continue
            meth = "handle" if name == "EventsHandler" else "execute"
            pm = re.search(r"\b(?:async\s+)?" + meth + r"\s*\(", s.code[cls.start:cls.end])
            if not pm:
                continue
            off = cls.start + pm.start() + pm.group(0).index(meth)
            keys = [t for t, _ in split_top(args)]
            if keys and object_props(keys[0]) is not None:
                keys = [object_props(keys[0]).get("command", object_props(keys[0]).get("query", ""))]
            fam = {"EventsHandler": "cqrs-event", "CommandHandler": "cqrs-command", "QueryHandler": "cqrs-query"}[name]
            handlers.append(Handler(s.rel, s.line(off), meth, cls.name, "nest-" + name.lower(), keys, fam))


def injected_queues(s: Src, ev) -> dict[str, str]:
    """Field or variable name → queue name, from @InjectQueue(q) / @InjectFlowProducer."""
    out = {}
    for m in re.finditer(r"@InjectQueue\s*\(", s.code):
        close = match_close(s.code, m.end() - 1)
        args = s.code[m.end():close].strip()
        q = ev(args, s.rel) if args else "default"
        fm = re.match(r"\s*(?:(?:private|public|protected|readonly)\s+)*([A-Za-z_$][\w$]*)", s.code[close + 1:])
        if fm and q is not None:
            out[fm.group(1)] = keystr(q)
    return out


def typed_fields(s: Src, types: tuple[str, ...]) -> set[str]:
    if not any(t in s.code for t in types):
        return set()
    # Anchored on the type, then the name just before it: linear in the file.
    out = set()
    for m in re.finditer(r":\s*(?:" + "|".join(types) + r")\b", s.code):
        nm = re.search(r"([A-Za-z_$][\w$]*)\s*[?!]?\s*$", s.code[max(0, m.start() - 80):m.start()])
        if nm:
            out.add(nm.group(1))
    if s.lang == "java":
        pat = r"\b(?:" + "|".join(types) + r")\s*(?:<[^;()]*?>)?\s+([A-Za-z_]\w*)\s*[;=,)]"
        out |= {m.group(1) for m in re.finditer(pat, s.code)}
    return out


def receiver_name(code: str, dot: int) -> str:
    """The last identifier of the receiver expression ending at code[dot] == '.'."""
    m = re.search(r"([A-Za-z_$][\w$]*)\s*\??$", code[max(0, dot - 200):dot])
    return m.group(1) if m else ""


def ts_publishers(s: Src, ev, pubs: list[Pub]) -> None:
    code = s.code
    queues = injected_queues(s, ev)
    emitters = typed_fields(s, ("EventEmitter2", "EventEmitter"))
    clients = typed_fields(s, ("ClientProxy", "ClientKafka", "ClientRMQ", "ClientRedis", "ClientNats", "ClientGrpc", "ClientMqtt", "ClientTCP"))
    clients |= {m.group(1) for m in re.finditer(r"@Inject\s*\([^)]*\)\s*(?:(?:private|public|protected|readonly)\s+)*([A-Za-z_$][\w$]*)\s*:\s*Client", code)}
    bus_event = typed_fields(s, ("EventBus",))
    bus_command = typed_fields(s, ("CommandBus",))
    bus_query = typed_fields(s, ("QueryBus",))
    for m in re.finditer(r"\.\s*(emit|emitAsync|add|addBulk|send|publish|publishAll|execute)\s*(?:<[^>()]*>)?\s*\(", code):
        meth = m.group(1)
        dot = m.start()
        recv = receiver_name(code, dot)
        args, _ = call_args(code, m.end() - 1)
        line = s.line(m.start(1))
        if not args:
            continue
        a0 = args[0][0]
        if meth in ("emit", "emitAsync"):
            fams = []
            if recv in clients:
                fams = ["ms"]
            elif recv in emitters:
                fams = ["event"]
            elif recv not in queues:
                fams = ["event", "ms"]  # type unknown: the key decides
            v = ev(a0, s.rel)
            for f in fams:
                pubs.append(Pub(f, keystr(v) if v is not None else None, s.rel, line, f"{recv}.{meth}", "ts"))
        elif meth == "send" and (recv in clients or (recv not in emitters and not recv.lower().endswith("template"))):
            v = ev(a0, s.rel)
            pubs.append(Pub("ms", keystr(v) if v is not None else None, s.rel, line, f"{recv}.send", "ts"))
        elif meth in ("add", "addBulk") and recv in queues:
            q = queues[recv]
            if meth == "add":
                v = ev(a0, s.rel)
                if not (isinstance(v, str) and len(args) >= 2):
                    # Bull's add(data): a job with no name goes to @Process() with no name.
                    v = "__default__" if a0.startswith("{") or len(args) == 1 else None
                pubs.append(Pub("queue", f"{q}:{keystr(v)}" if v is not None else None, s.rel, line, f"{recv}.add", "ts"))
            else:
                for item, _ in split_top(a0[1:-1]) if a0.startswith("[") else []:
                    props = object_props(item) or {}
                    v = ev(props.get("name", ""), s.rel) if "name" in props else None
                    pubs.append(Pub("queue", f"{q}:{keystr(v)}" if v is not None else None, s.rel, line, f"{recv}.addBulk", "ts"))
        elif meth in ("publish", "publishAll", "execute"):
            fam = None
            if meth in ("publish", "publishAll") and (recv in bus_event or recv.lower() == "eventbus"):
                fam = "cqrs-event"
            elif meth == "execute" and (recv in bus_command or recv.lower() == "commandbus"):
                fam = "cqrs-command"
            elif meth == "execute" and (recv in bus_query or recv.lower() == "querybus"):
                fam = "cqrs-query"
            if fam is None:
                continue
            items = [t for t, _ in split_top(a0[1:-1])] if meth == "publishAll" and a0.startswith("[") else [a0]
            for it in items:
                nm = re.match(r"^new\s+([A-Za-z_$][\w$]*)", it)
                pubs.append(Pub(fam, nm.group(1) if nm else None, s.rel, line, f"{recv}.{meth}", "ts"))


# ---------------------------------------------------------------- Python

DJANGO_SIGNALS = {
    "pre_init", "post_init", "pre_save", "post_save", "pre_delete", "post_delete", "m2m_changed",
    "pre_migrate", "post_migrate", "request_started", "request_finished", "got_request_exception",
    "setting_changed", "connection_created", "user_logged_in", "user_logged_out", "user_login_failed",
    "class_prepared",
}
CELERY_SIGNALS = {
    "before_task_publish", "after_task_publish", "task_prerun", "task_postrun", "task_retry",
    "task_success", "task_failure", "task_internal_error", "task_received", "task_revoked",
    "task_unknown", "task_rejected", "celeryd_after_setup", "celeryd_init", "worker_init",
    "worker_ready", "heartbeat_sent", "worker_shutting_down", "worker_process_init",
    "worker_process_shutdown", "worker_shutdown", "beat_init", "beat_embedded_init", "eventlet_pool_started",
    "setup_logging", "after_setup_logger", "after_setup_task_logger", "import_modules",
}
IMPLICIT = {  # model signal → what sends it implicitly
    "pre_save": "save", "post_save": "save", "pre_delete": "delete", "post_delete": "delete",
    "m2m_changed": "m2m", "pre_init": "init", "post_init": "init",
}


def py_module(rel: str) -> str:
    mod = rel[:-3].replace("/", ".")
    return mod[: -len(".__init__")] if mod.endswith(".__init__") else mod


def py_imports(s: Src) -> dict[str, str]:
    """Local name → dotted origin (module.name), from import statements."""
    out = {}
    mod = py_module(s.rel)
    pkg = mod.rsplit(".", 1)[0] if "." in mod else ""
    if s.rel.endswith("__init__.py"):
        pkg = mod
    for m in re.finditer(r"(?m)^[ \t]*from\s+([.\w]+)\s+import\s+(\([^)]*\)|[^\n]+)", s.code):
        src = m.group(1)
        if src.startswith("."):
            dots = len(src) - len(src.lstrip("."))
            base = pkg.split(".") if pkg else []
            base = base[: len(base) - (dots - 1)] if dots > 1 else base
            src = ".".join(base + ([src.lstrip(".")] if src.lstrip(".") else []))
        for part in m.group(2).strip("()").split(","):
            part = part.strip()
            if not part or part == "*":
                continue
            mm = re.match(r"(\w+)(?:\s+as\s+(\w+))?", part)
            if mm:
                out[mm.group(2) or mm.group(1)] = f"{src}.{mm.group(1)}"
    for m in re.finditer(r"(?m)^[ \t]*import\s+([\w.]+)(?:\s+as\s+(\w+))?", s.code):
        out[m.group(2) or m.group(1).split(".")[0]] = m.group(1) if m.group(2) else m.group(1).split(".")[0]
    return out


def py_signal_id(expr: str, s: Src, imports: dict[str, str], custom: dict[str, str]) -> str | None:
    """A signal's identity: django.post_save, celery.worker_ready, or module:name of a Signal()."""
    e = expr.strip()
    last = e.split(".")[-1]
    origin = imports.get(e.split(".")[0], "")
    full = origin + e[len(e.split(".")[0]):] if origin else e
    if last in DJANGO_SIGNALS and ("django" in full or full == last and last in DJANGO_SIGNALS and not custom.get(f"{py_module(s.rel)}.{last}")):
        return f"django.{last}"
    if last in CELERY_SIGNALS and ("celery" in full or full == last):
        return f"celery.{last}"
    # A custom Signal() defined in the project.
    for cand in (f"{py_module(s.rel)}.{e}", full):
        if cand in custom:
            return custom[cand]
    # The module path from the root may carry a prefix the imports do not (src/, app/).
    matches = [v for k, v in custom.items() if full and ("." + k).endswith("." + full)]
    if len(set(matches)) == 1:
        return matches[0]
    matches = [v for k, v in custom.items() if k.endswith("." + last)]
    if len(set(matches)) == 1:
        return matches[0]
    return None


def py_handlers(srcs: list[Src], handlers: list[Handler], pubs: list[Pub], notes: list) -> None:
    consts = collect_consts(srcs, "py")
    ev = Evaluator("py", consts)
    custom = {}
    celery_apps = {"app", "celery", "celery_app"}
    for s in srcs:
        imp = py_imports(s)
        # Signal, or whatever name django.dispatch's Signal was imported as; a model
        # called Signal (imported from elsewhere) is not one.
        names = {k for k, v in imp.items() if v in ("django.dispatch.Signal", "django.dispatch.dispatcher.Signal")}
        if "Signal" not in imp:
            names.add("Signal")
        pat = r"(?m)^([A-Za-z_]\w*)\s*(?::\s*[\w.]+\s*)?=\s*(?:(?:django\.)?dispatch\.(?:dispatcher\.)?Signal|" + "|".join(map(re.escape, sorted(names))) + r")\s*\("
        for m in re.finditer(pat, s.code):
            custom[f"{py_module(s.rel)}.{m.group(1)}"] = f"{py_module(s.rel)}:{m.group(1)}"
        for m in re.finditer(r"(?m)^([A-Za-z_]\w*)\s*=\s*(?:[\w.]*\.)?Celery\s*\(", s.code):
            celery_apps.add(m.group(1))
    tasks: dict[str, list[Handler]] = {}  # function name → task handlers
    models = set()
    bases = {}
    for s in srcs:
        for m in re.finditer(r"(?m)^class\s+([A-Za-z_]\w*)\s*\(([^)]*)\)", s.code):
            bases[m.group(1)] = [b.strip().split(".")[-1] for b in m.group(2).split(",")]
    # A model is a class with a base named *Model, or a base that is a model.
    changed = True
    while changed:
        changed = False
        for cls, bs in bases.items():
            if cls not in models and any(b.endswith("Model") or b in models for b in bs):
                models.add(cls)
                changed = True
    for s in srcs:
        imports = py_imports(s)
        classes = class_spans(s)

        def sig_handler(sig_expr, fn, fn_off, sender_expr, how):
            sid = py_signal_id(sig_expr, s, imports, custom)
            if sid is None:
                notes.append({"path": s.rel, "line": s.line(fn_off), "name": fn, "reason": f"signal {sig_expr} not resolved"})
                return
            sender = None
            if sender_expr and sender_expr.strip().endswith(".through"):
                sender = sender_expr.strip()
            elif sender_expr:
                sv = ev(sender_expr, s.rel)
                sender = sv if isinstance(sv, str) else sender_expr.strip().split(".")[-1]
                if isinstance(sv, str) and "." in sv:
                    sender = sv.split(".")[-1]  # 'app_label.Model'
                gm = re.match(r"""apps\.get_model\(\s*['"]([\w.]+)['"](?:\s*,\s*['"](\w+)['"])?""", sender_expr.strip())
                if gm:
                    sender = gm.group(2) or gm.group(1).split(".")[-1]
            cont = container_of(classes, fn_off)
            kind = "celery-signal" if sid.startswith("celery.") else "django-receiver"
            h = Handler(s.rel, s.line(fn_off), fn, cont.name if cont else "", kind, [sid], "signal")
            h.module = json.dumps({"sender": sender})
            handlers.append(h)

        for name, args, at, end in decorated(s, {"receiver"}):
            d = next_decl(s, end)
            if not d or d[2] != "def":
                continue
            parts = split_top(args)
            pos, kw = kwargs_of(parts)
            if not pos:
                continue
            sigs = [t for t, _ in split_top(pos[0][1:-1])] if pos[0][:1] in "[(" else [pos[0]]
            for sg in sigs:
                sig_handler(sg, d[0], d[1], kw.get("sender"), "@receiver")
        for m in re.finditer(r"@([\w.]+)\.connect\b", s.code):
            d = next_decl(s, m.end() if s.code[m.end():m.end() + 1] != "(" else match_close(s.code, m.end()) + 1)
            if d and d[2] == "def":
                kw = {}
                if s.code[m.end():m.end() + 1] == "(":
                    _, kw = kwargs_of(call_args(s.code, m.end())[0])
                sig_handler(m.group(1), d[0], d[1], kw.get("sender"), "@connect")
        for m in re.finditer(r"([\w.]+)\.connect\s*\(", s.code):
            if s.code[m.start() - 1:m.start()] == "@":
                continue
            args, _ = call_args(s.code, m.end() - 1)
            pos, kw = kwargs_of(args)
            recv = pos[0] if pos else kw.get("receiver")
            if not recv or not re.match(r"^[\w.]+$", recv):
                continue
            fn = recv.split(".")[-1]
            # The receiver's definition: same file first, then anywhere.
            target = None
            for cand in [s] + [x for x in srcs if x is not s]:
                dm = re.search(r"(?m)^[ \t]*(?:async\s+)?def\s+(" + re.escape(fn) + r")\s*\(", cand.code)
                if dm:
                    target = (cand, dm.start(1))
                    break
            if target is None:
                continue
            sid = py_signal_id(m.group(1), s, imports, custom)
            if sid is None:
                continue
            ts, toff = target
            cont = container_of(class_spans(ts), toff)
            kind = "celery-signal" if sid.startswith("celery.") else "django-receiver"
            h = Handler(ts.rel, ts.line(toff), fn, cont.name if cont else "", kind, [sid], "signal")
            sender = kw.get("sender")
            if sender:
                sv = ev(sender, s.rel)
                sender = sv.split(".")[-1] if isinstance(sv, str) else sender.split(".")[-1]
            h.module = json.dumps({"sender": sender})
            h.registrations.append({"path": s.rel, "line": s.line(m.start()), "key": sid, "how": "connect"})
            handlers.append(h)
        # Celery tasks.
        for m in re.finditer(r"@([\w.]+)", s.code):
            dec = m.group(1)
            if not (dec in ("shared_task", "task", "celery.shared_task") or
                    (dec.endswith(".task") and dec.rsplit(".", 1)[0] in celery_apps)):
                continue
            after = m.end()
            kw = {}
            if s.code[after:after + 1] == "(":
                args, close = call_args(s.code, after)
                _, kw = kwargs_of(args)
                after = close + 1
            d = next_decl(s, after)
            if not d or d[2] != "def":
                continue
            tname = ev(kw["name"], s.rel) if "name" in kw else f"{py_module(s.rel)}.{d[0]}"
            cont = container_of(classes, d[1])
            h = Handler(s.rel, s.line(d[1]), d[0], cont.name if cont else "", "celery-task", [tname], "task")
            h.module = py_module(s.rel)
            handlers.append(h)
            tasks.setdefault(d[0], []).append(h)
    # Publishers: explicit signal sends, task calls, names, beat entries.
    for s in srcs:
        imports = py_imports(s)
        for m in re.finditer(r"([\w.]+)\.(send|send_robust|asend|asend_robust)\s*\(", s.code):
            sid = py_signal_id(m.group(1), s, imports, custom)
            if sid:
                pubs.append(Pub("signal", sid, s.rel, s.line(m.start(2)), m.group(2), "py"))
        for m in re.finditer(r"([\w.]+)\.(delay|apply_async|s|si|signature|apply|map|starmap|chunks)\s*\(", s.code):
            fn = m.group(1).split(".")[-1]
            cands = tasks.get(fn, [])
            if not cands:
                continue
            origin = imports.get(m.group(1).split(".")[0])
            pick = cands
            if len(cands) > 1:
                here = [h for h in cands if h.path == s.rel]
                via = [h for h in cands if origin and (origin == f"{h.module}.{fn}" or origin == h.module or origin.endswith("." + fn) and origin.rsplit(".", 1)[0] == h.module)]
                pick = here or via
            for h in pick:
                pubs.append(Pub("task", h.keys[0], s.rel, s.line(m.start(2)), m.group(2), "py"))
        for m in re.finditer(r"\b(send_task|signature|Signature)\s*\(", s.code):
            args, _ = call_args(s.code, m.end() - 1)
            if args:
                v = ev(args[0][0], s.rel)
                pubs.append(Pub("task", v if isinstance(v, str) else None, s.rel, s.line(m.start(1)), m.group(1), "py"))
        for m in re.finditer(r"""['"]task['"]\s*:\s*""", s.code):
            v = ev(expr_at(s.code, m.end()), s.rel)
            if isinstance(v, str):
                pubs.append(Pub("task", v, s.rel, s.line(m.start()), "beat", "py"))
    # Implicit sends, per receiver of a model signal: (signal, sender) → sites.
    implicit_sites = {"save": [], "delete": [], "m2m": [], "init": []}
    for s in srcs:
        if "/migrations/" in "/" + s.rel:
            continue
        for m in re.finditer(r"\.(save|delete|create|get_or_create|update_or_create|add|remove|clear|set)\s*\(", s.code):
            meth = m.group(1)
            if meth in ("add", "remove", "clear", "set"):
                # Only related managers send m2m_changed; without types, count them as candidates.
                kind = "m2m"
            elif meth == "delete":
                kind = "delete"
            else:
                kind = "save"
            recv = s.code[max(0, m.start() - 200):m.start()]
            rm = re.search(r"([A-Za-z_]\w*)(?:\.objects)?\s*$", recv)
            typed = rm.group(1) if rm and rm.group(1) in models else None
            if kind == "m2m" and typed is None and not re.search(r"\w\s*$", recv):
                continue
            implicit_sites[kind].append((s.rel, s.line(m.start(1)), typed))
    for h in handlers:
        if h.kind != "django-receiver":
            continue
        sig = h.keys[0].split(".", 1)[1] if h.keys[0] and h.keys[0].startswith("django.") else None
        if sig not in IMPLICIT:
            continue
        sender = json.loads(h.module).get("sender") if h.module else None
        sites = implicit_sites[IMPLICIT[sig]]
        typed = [x for x in sites if sender and x[2] == sender]
        untyped = [x for x in sites if x[2] is None]
        h.implicit.append({"signal": sig, "sender": sender or "*", "count": len(typed) + len(untyped),
                           "typed": len(typed) if sender else len([x for x in sites if x[2]]),
                           "untyped": len(untyped)})
    for h in handlers:
        h.module = ""


# ---------------------------------------------------------------- Java

def java_props(root: str, files: list[str]) -> dict[str, str]:
    """application.properties / .yml keys, for "${a.b}" placeholders."""
    props = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for f in filenames:
            if not re.match(r"application(-\w+)?\.(properties|ya?ml)$", f):
                continue
            text = open(os.path.join(dirpath, f), encoding="utf-8", errors="replace").read()
            if f.endswith(".properties"):
                for line in text.splitlines():
                    m = re.match(r"^\s*([\w.\-]+)\s*[=:]\s*(.*)$", line)
                    if m:
                        props.setdefault(m.group(1), m.group(2).strip())
            else:
                stack = []
                for line in text.splitlines():
                    if not line.strip() or line.strip().startswith("#"):
                        continue
                    ind = len(line) - len(line.lstrip())
                    m = re.match(r"^\s*([\w.\-]+)\s*:\s*(.*)$", line)
                    if not m:
                        continue
                    while stack and stack[-1][0] >= ind:
                        stack.pop()
                    stack.append((ind, m.group(1)))
                    if m.group(2).strip():
                        props.setdefault(".".join(k for _, k in stack), m.group(2).strip().strip("'\""))
    return props


def java_handlers(srcs: list[Src], root: str, handlers: list[Handler], pubs: list[Pub]) -> None:
    consts = collect_consts(srcs, "java")
    for s in srcs:
        # @Value("${kafka.topic}") private String topic; → the property's value.
        for m in re.finditer(r'@Value\s*\(\s*("(?:[^"\\]|\\.)*")\s*\)\s*(?:(?:private|protected|public|final|static)\s+)*[\w<>]+\s+([A-Za-z_]\w*)', s.code):
            consts.add_raw(m.group(2), s.rel, m.group(1))
    base = Evaluator("java", consts)
    props = java_props(root, [])

    def ev(expr, rel, depth=0):
        v = base(expr, rel, depth)
        if isinstance(v, str):
            ph = re.fullmatch(r"\$\{([^}:]+)(?::([^}]*))?\}", v)
            if ph:
                return props.get(ph.group(1), ph.group(2))
        return v

    def values(expr, rel):
        e = expr.strip()
        if e.startswith("{"):
            return [ev(t, rel) for t, _ in split_top(e[1:-1])]
        return [ev(e, rel)]

    for s in srcs:
        classes = class_spans(s)
        for name, args, at, end in decorated(s, {"EventListener", "TransactionalEventListener", "KafkaListener", "RabbitListener"}):
            d = next_decl(s, end)
            if d and d[2] == "class" and name in ("KafkaListener", "RabbitListener"):
                # A class-level listener: its @KafkaHandler/@RabbitHandler methods handle.
                cls = next((c for c in classes if c.name == d[0]), None)
                pos, kw = kwargs_of(split_top(args))
                t = kw.get("topics") or kw.get("queues") or (pos[0] if pos else None)
                keys = values(t, s.rel) if t else [None]
                for hm in re.finditer(r"@(?:KafkaHandler|RabbitHandler)\b(?:\s*\([^)]*\))?", s.code[cls.start:cls.end] if cls else ""):
                    hd = next_decl(s, cls.start + hm.end())
                    if hd and hd[2] == "method":
                        fam = "kafka" if name == "KafkaListener" else "rabbit"
                        handlers.append(Handler(s.rel, s.line(hd[1]), hd[0], cls.name, f"spring-{name.lower()}", keys, fam))
                continue
            if not d or d[2] != "method":
                continue
            cls = container_of(classes, at)
            cname = cls.name if cls else ""
            pos, kw = kwargs_of(split_top(args))
            if name in ("EventListener", "TransactionalEventListener"):
                keys = []
                cl = kw.get("classes") or kw.get("value") or (pos[0] if pos else None)
                if cl:
                    keys = [re.sub(r"\.class$", "", t).split(".")[-1] for t, _ in (split_top(cl[1:-1]) if cl.startswith("{") else [(cl, 0)])]
                else:
                    po = s.code.find("(", d[1])
                    pargs, _ = call_args(s.code, po)
                    if pargs:
                        ptype = re.sub(r"@\w+(\([^)]*\))?\s*", "", pargs[0][0]).replace("final ", "").split()[0]
                        keys = [re.sub(r"<.*", "", ptype)]
                handlers.append(Handler(s.rel, s.line(d[1]), d[0], cname, "spring-eventlistener", keys, "spring-event"))
            elif name == "KafkaListener":
                t = kw.get("topics") or (pos[0] if pos else None)
                keys = values(t, s.rel) if t else [None]
                if "topicPattern" in kw:
                    keys = [None]
                if not t and "topicPartitions" in kw:
                    keys = [ev(mm.group(1), s.rel) for mm in re.finditer(r"\btopic\s*=\s*([^,)]+)", kw["topicPartitions"])]
                handlers.append(Handler(s.rel, s.line(d[1]), d[0], cname, "spring-kafkalistener", keys, "kafka"))
            else:
                q = kw.get("queues") or (pos[0] if pos else None)
                keys = values(q, s.rel) if q else [None]
                if not q and "bindings" in kw:
                    keys = [ev(mm.group(1), s.rel) for mm in re.finditer(r"@Queue\s*\(\s*(?:value\s*=\s*)?([^,)]+)", kw["bindings"])]
                handlers.append(Handler(s.rel, s.line(d[1]), d[0], cname, "spring-rabbitlistener", keys, "rabbit"))
    for s in srcs:
        kafka = typed_fields(s, ("KafkaTemplate", "ReactiveKafkaProducerTemplate", "RoutingKafkaTemplate"))
        rabbit = typed_fields(s, ("RabbitTemplate", "AmqpTemplate", "RabbitMessagingTemplate"))
        publishers = typed_fields(s, ("ApplicationEventPublisher", "ApplicationContext", "ConfigurableApplicationContext"))
        for m in re.finditer(r"(?:([A-Za-z_]\w*)\s*\.\s*)?publishEvent\s*\(", s.code):
            args, _ = call_args(s.code, m.end() - 1)
            if not args:
                continue
            a = args[0][0]
            nm = re.match(r"^new\s+([A-Za-z_][\w.]*)", a)
            key = nm.group(1).split(".")[-1] if nm else None
            if key is None and re.match(r"^\w+$", a):
                dm = re.search(r"\b([A-Z]\w*)(?:<[^;]*?>)?\s+" + re.escape(a) + r"\s*[=;,)]", s.code[:m.start()])
                key = dm.group(1) if dm else None
            pubs.append(Pub("spring-event", key, s.rel, s.line(m.start()), "publishEvent", "java"))
        for m in re.finditer(r"([A-Za-z_]\w*)\s*\.\s*(send|sendDefault|convertAndSend|send)\s*\(", s.code):
            recv, meth = m.group(1), m.group(2)
            args, _ = call_args(s.code, m.end() - 1)
            if not args:
                continue
            if recv in kafka and meth == "send":
                a = args[0][0]
                pr = re.match(r"^new\s+ProducerRecord\s*(?:<[^>]*>)?\s*\(", a)
                if pr:
                    inner, _ = call_args(a, pr.end() - 1)
                    a = inner[0][0] if inner else ""
                if re.match(r"^[A-Za-z_]\w*$", a) and not ev(a, s.rel):
                    # send(message): the Message built earlier names its topic in a header.
                    vm = list(re.finditer(r"\b" + re.escape(a) + r"\s*=\s*", s.code[:m.start()]))
                    if vm:
                        built = expr_at(s.code, vm[-1].end())
                        if "KafkaHeaders.TOPIC" in built:
                            a = built
                hdr = re.search(r"KafkaHeaders\.TOPIC\s*,\s*([^)]+)\)", a)
                if hdr:
                    a = hdr.group(1)
                v = ev(a, s.rel)
                pubs.append(Pub("kafka", v, s.rel, s.line(m.start(2)), f"{recv}.send", "java"))
            elif recv in rabbit and meth in ("convertAndSend", "send"):
                # (routingKey, msg) or (exchange, routingKey, msg): with the default
                # exchange a routing key is the queue's name.
                vals = [ev(t, s.rel) for t, _ in args[:-1]]
                v = vals[-1] if vals else None
                pubs.append(Pub("rabbit", v, s.rel, s.line(m.start(2)), f"{recv}.{meth}", "java"))


# ---------------------------------------------------------------- Go

GO_ROUTER = {
    "HandleFunc", "Handle", "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "Any",
    "Get", "Post", "Put", "Delete", "Patch", "Head", "Options", "Connect", "Trace", "Method",
    "MethodFunc", "Handler", "HandlerFunc", "NotFound", "MethodNotAllowed", "Use", "With", "Mount",
    "NoRoute", "NoMethod", "Match", "Static", "File",
}
GO_HANDLER_SIG = re.compile(
    r"http\.ResponseWriter|\*http\.Request|http\.Handler\b|http\.HandlerFunc|gin\.Context|gin\.HandlerFunc|"
    r"echo\.Context|echo\.HandlerFunc|fiber\.Ctx|fiber\.Handler|iris\.Context|cobra\.Command|chi\.Router|mux\.Router|"
    r"httprouter\.Params|fasthttp\.RequestCtx|gorilla")
COBRA_FIELDS = {"Run", "RunE", "PreRun", "PreRunE", "PostRun", "PostRunE", "PersistentPreRun",
                "PersistentPreRunE", "PersistentPostRun", "PersistentPostRunE", "ValidArgsFunction"}


def go_handlers(srcs: list[Src], handlers: list[Handler], notes: list) -> None:
    funcs_by_pkg: dict[str, dict[str, list[Func]]] = {}
    for s in srcs:
        pkg = os.path.dirname(s.rel)
        for f in functions(s):
            funcs_by_pkg.setdefault(pkg, {}).setdefault(f.name, []).append(f)
    consts = collect_consts(srcs, "go")
    ev = Evaluator("go", consts)
    found: dict[tuple, Handler] = {}

    def by_value(expr: str, s: Src) -> list[tuple[str, str]]:
        """Function or method names passed by value in expr (not called): (name, receiver)."""
        out = []
        code = expr
        for m in re.finditer(r"(?<![\w.])((?:[A-Za-z_]\w*\.)*)([A-Za-z_]\w*)\b(?!\s*[\(\{\[\w.])", code):
            # Skip the inside of func literals and strings.
            if code[:m.start()].count('"') % 2:
                continue
            out.append((m.group(2), m.group(1).rstrip(".")))
        return out

    def link(s: Src, off: int, expr: str, key: str, how: str, path_given: bool = False) -> None:
        pkg = os.path.dirname(s.rel)
        inner = expr
        # Func literals are anonymous: nothing to ask about.
        inner = re.sub(r"func\s*\([^)]*\)[^{]*\{", "FUNCLIT{", inner)
        while "FUNCLIT{" in inner:
            i = inner.index("FUNCLIT{") + len("FUNCLIT")
            j = match_close(inner, i)
            inner = inner[:i - len("FUNCLIT")] + inner[j + 1:]
        for name, recv in by_value(inner, s):
            cands = funcs_by_pkg.get(pkg, {}).get(name, [])
            if recv and not cands:
                # pkg.Func of another package, or a method value of a variable whose
                # type another package declares.
                cands = [f for p, fs in funcs_by_pkg.items() for f in fs.get(name, [])
                         if (not f.container and os.path.basename(p) == recv.split(".")[-1]) or f.container]
            if recv:
                cands = [f for f in cands if f.container or os.path.basename(os.path.dirname(f.src.rel)) == recv.split(".")[-1]]
            else:
                cands = [f for f in cands if not f.container]
            if recv and len({f.container for f in cands}) > 1:
                tm = re.search(r"\b" + re.escape(recv.split(".")[-1]) + r"\s*(?::=|=)\s*&?\s*(?:\w+\.)?(?:New)?([A-Z]\w*)", s.code)
                if tm:
                    narrowed = [f for f in cands if f.container.lstrip("*") == tm.group(1)]
                    cands = narrowed or cands
                if len({f.container for f in cands}) > 1:
                    notes.append({"path": s.rel, "line": s.line(off), "name": f"{recv}.{name}",
                                  "reason": "method value of several types; receiver type not seen"})
                    continue
            if not path_given:
                # No route path names the registration: only a function shaped like a
                # handler, a middleware or a cobra command counts.
                cands = [f for f in cands if GO_HANDLER_SIG.search(f.sig)]
            for f in cands:
                k = (f.src.rel, f.name_off)
                if k not in found:
                    found[k] = Handler(f.src.rel, f.src.line(f.name_off), f.name, f.container.lstrip("*"),
                                       "go-registered", [], "go")
                h = found[k]
                if key not in h.keys:
                    h.keys.append(key)
                h.publishers.append({"path": s.rel, "line": s.line(off), "key": key, "how": how})

    for s in srcs:
        code = s.code
        for m in re.finditer(r"\.\s*(" + "|".join(sorted(GO_ROUTER)) + r")\s*\(", code):
            args, _ = call_args(code, m.end() - 1)
            meth = m.group(1)
            if not args:
                continue
            if meth in ("Use", "With", "NotFound", "MethodNotAllowed", "NoRoute", "NoMethod"):
                key, handler_args = meth, args
            elif meth in ("Handler", "HandlerFunc") and len(args) == 1:
                # http.HandlerFunc(f): a conversion that hands f to net/http by value
                # (a test's ServeHTTP, a Handle call) — a site that reaches f.
                if receiver_name(code, m.start()) != "http":
                    continue
                key, handler_args = "HandlerFunc", args
            elif meth in ("Handler", "HandlerFunc") and len(args) < 3:
                continue
            elif meth in ("Method", "MethodFunc", "Match", "Handler", "HandlerFunc"):
                key, handler_args = f"{ev(args[0][0], s.rel)} {ev(args[1][0], s.rel) if len(args) > 1 else ''}", args[2:]
            else:
                p = ev(args[0][0], s.rel)
                key = f"{meth} {p}" if meth not in ("HandleFunc", "Handle") else f"{p}"
                handler_args = args[1:]
            path_given = "/" in key or key.endswith(" ")
            for t, off in handler_args:
                link(s, m.start(1), t, key, meth, path_given)
        for m in re.finditer(r"\b(" + "|".join(sorted(COBRA_FIELDS)) + r")\s*:\s*", code):
            # Inside a cobra.Command literal.
            before = code[:m.start()]
            lit = before.rfind("cobra.Command{")
            if lit < 0 or match_close(code, lit + len("cobra.Command")) < m.start():
                continue
            um = re.search(r"\bUse\s*:\s*(\"[^\"]*\"|`[^`]*`)", code[lit:match_close(code, lit + len("cobra.Command"))])
            use = ev(um.group(1), s.rel) if um else None
            use = use.split()[0] if isinstance(use, str) and use.split() else use
            expr = expr_at(code, m.end())
            link(s, m.start(1), expr, f"cobra {use} {m.group(1)}", m.group(1))
        for m in re.finditer(r"\b([A-Za-z_]\w*)\.(" + "|".join(sorted(COBRA_FIELDS)) + r")\s*=\s*", code):
            link(s, m.start(2), expr_at(code, m.end()), f"cobra {m.group(1)} {m.group(2)}", m.group(2))
    handlers.extend(found.values())


# ---------------------------------------------------------------- wrappers

def wrapper_publishers(srcs: list[Src], lang: str, ev, pubs: list[Pub], handlers_families: set[str], forwarders: list) -> None:
    """Calls of the application's own helpers that forward a parameter to a publisher.

    A publisher site whose key is a parameter of its enclosing function makes that
    function a wrapper: its call sites publish, with the key taken from the
    argument at that position. Repeated so that helpers of helpers count too.
    """
    # Known publisher sites: (path, line) → Pub whose key was not evaluated.
    unresolved = [p for p in pubs if p.key is None and p.lang == lang]
    if not unresolved:
        return
    funcs = {s.rel: functions(s) for s in srcs}
    wrappers: dict[str, list[tuple[Func, int, Pub]]] = {}
    by_rel = {s.rel: s for s in srcs}
    frontier = []
    for p in unresolved:
        s = by_rel.get(p.path)
        if s is None:
            continue
        line_off = s.nl[p.line - 2] + 1 if p.line >= 2 else 0
        f = enclosing(funcs[s.rel], line_off)
        if f is None:
            continue
        body_line = s.code[line_off: s.code.find("\n", line_off) if s.code.find("\n", line_off) >= 0 else len(s.code)]
        idx = param_in(body_line, f.params, s, line_off, p)
        if idx is None:
            continue
        frontier.append((f, idx, p))
        fw = {"path": p.path, "line": p.line, "how": p.how, "wrapper": f.name}
        if fw not in forwarders:
            forwarders.append(fw)
    # Every "name(" of the language's files, once: helpers are looked up by name.
    calls_by_name: dict[str, list[tuple[Src, int, int]]] = {}
    funcs_by_name: dict[str, list[Func]] = {}
    if frontier:
        for s in srcs:
            for m in re.finditer(r"(?<![\w$])([A-Za-z_$][\w$]*)\s*\(", s.code):
                calls_by_name.setdefault(m.group(1), []).append((s, m.start(), m.end()))
        for fs in funcs.values():
            for g in fs:
                funcs_by_name.setdefault(g.name, []).append(g)
    level = 0
    seen = set()
    while frontier and level < 4:
        level += 1
        nxt = []
        for f, idx, p in frontier:
            if (f.src.rel, f.name_off, idx) in seen:
                continue
            seen.add((f.src.rel, f.name_off, idx))
            same_name = funcs_by_name.get(f.name, [])
            for s, start, end in calls_by_name.get(f.name, []):
                if start == f.name_off and s is f.src:
                    continue
                if any(g.src is s and g.name_off == start for g in same_name):
                    continue
                pre = s.code[max(0, start - 12):start]
                if re.search(r"\b(def|function|func)\s+$", pre):
                    continue
                if len(same_name) > 1 and f.container:
                    # Several functions share the name: the receiver must name the class.
                    recv = receiver_name(s.code, start - 1) if s.code[start - 1:start] == "." else ""
                    if recv and recv.lower() not in (f.container.lower(), "this", "self") and f.container.lower() not in (recv.lower(), ) and not s.code.count(f.container):
                        continue
                args, _ = call_args(s.code, end - 1)
                # self/this-bound methods: Python's first parameter is the instance.
                shift = 1 if lang == "py" and f.params and f.params[0] in ("self", "cls") else 0
                ai = idx - shift
                if ai < 0 or ai >= len(args):
                    continue
                a = args[ai][0]
                v = key_from_arg(a, p, ev, s.rel)
                line = s.line(start)
                if v is None:
                    g = enclosing(funcs[s.rel], start)
                    if g is not None:
                        pi = param_index(a, g.params)
                        if pi is not None:
                            nxt.append((g, pi, p))
                            forwarders.append({"path": s.rel, "line": line, "how": f.name, "wrapper": g.name})
                            continue
                pubs.append(Pub(p.family, v, s.rel, line, f"{f.name} → {p.how}", lang))
        frontier = nxt


def param_index(expr: str, params: list[str]) -> int | None:
    e = expr.strip()
    e = re.sub(r"^new\s+", "", e)
    head = re.split(r"[.\s]", e)[0]
    if head in params and re.match(r"^[\w$]+(\.[\w$]+)?$", e):
        return params.index(head)
    return None


def param_in(line: str, params: list[str], s: Src, line_off: int, p: Pub) -> int | None:
    """The parameter a publisher's key argument is, on the publisher's line."""
    m = re.search(r"\.\s*\w+\s*(?:<[^>()]*>)?\s*\(", line[line.find(p.how.split(".")[-1]) - 2 if p.how.split(".")[-1] in line else 0:])
    start = line.find(p.how.split(".")[-1] + "(")
    if start < 0:
        start = line.find(p.how.split(".")[-1])
    if start < 0:
        return None
    open_at = s.code.find("(", line_off + start)
    args, _ = call_args(s.code, open_at)
    if not args:
        return None
    a = args[0][0]
    if p.family == "rabbit" and len(args) >= 2:
        a = args[-2][0]
    props = object_props(a)
    if props and "name" in props:
        a = props["name"]
    pr = re.match(r"^new\s+ProducerRecord\s*(?:<[^>]*>)?\s*\((.*)\)$", a, re.S)
    if pr:
        a = split_top(pr.group(1))[0][0] if split_top(pr.group(1)) else ""
    return param_index(a, params)


def key_from_arg(a: str, p: Pub, ev, rel: str):
    fam = p.family
    if fam.startswith("cqrs") or fam == "spring-event":
        nm = re.match(r"^new\s+([A-Za-z_$][\w$.]*)", a.strip())
        return nm.group(1).split(".")[-1] if nm else None
    v = ev(a, rel)
    if v is None:
        return None
    v = keystr(v)
    if fam == "queue":
        q = p.how  # recv.add → queue comes from the site; recorded in the pub's how
        return f"{p.queue}:{v}" if getattr(p, "queue", None) else None
    return v


# ---------------------------------------------------------------- linking

def wildcard(pattern: str, key: str) -> bool:
    rx = "^" + ".".join("(.*)" if seg == "**" else "[^.]*" if seg == "*" else re.escape(seg) for seg in pattern.split(".")) + "$"
    return re.match(rx, key) is not None


def ancestors(cls: str, supers: dict[str, list[str]]) -> set[str]:
    out, todo = set(), list(supers.get(cls, []))
    while todo:
        c = todo.pop()
        if c not in out:
            out.add(c)
            todo.extend(supers.get(c, []))
    return out


def link(handlers: list[Handler], pubs: list[Pub], supers: dict[str, list[str]] | None = None) -> None:
    supers = supers or {}
    for h in handlers:
        if h.family in ("go",):
            continue
        fams = {h.family}
        if h.family == "signal":
            fams = {"signal"}
        for p in pubs:
            if p.family not in fams or p.key is None:
                continue
            hit = None
            for k in h.keys:
                if k is None:
                    continue
                if h.kind == "bullmq-workerhost" and isinstance(p.key, str) and k.endswith(":*") and p.key.startswith(k[:-1]):
                    hit = p.key
                elif keystr(k) == keystr(p.key):
                    hit = keystr(k)
                elif h.family == "spring-event" and isinstance(p.key, str) and k in ancestors(p.key, supers):
                    hit = p.key  # a listener of a superclass hears its subclasses' events
                elif h.family == "event" and isinstance(k, str) and "*" in k and isinstance(p.key, str) and wildcard(k, p.key):
                    hit = p.key  # EventEmitter2 wildcards: '*' one segment, '**' any
                elif h.family == "task" and isinstance(p.key, str) and isinstance(k, str) and "." in p.key and (
                        ("." + k).endswith("." + p.key) or ("." + p.key).endswith("." + k)):
                    # A task's dotted name is its module path from wherever Celery runs,
                    # which may sit below the repository root.
                    hit = p.key
            if hit is not None:
                entry = {"path": p.path, "line": p.line, "key": hit, "how": p.how}
                if entry not in h.publishers:
                    h.publishers.append(entry)


def build(root: str, repo: str, commit: str) -> dict:
    rels = walk(root)
    srcs = [s for s in (load(root, r) for r in rels) if s is not None]
    by_lang: dict[str, list[Src]] = {}
    for s in srcs:
        by_lang.setdefault(s.lang, []).append(s)
    handlers: list[Handler] = []
    pubs: list[Pub] = []
    notes: list = []
    forwarders: list = []
    ts = by_lang.get("ts", [])
    if ts:
        ev = Evaluator("ts", collect_consts(ts, "ts"))
        nest_handlers(ts, ev, handlers, notes)
        for s in ts:
            ts_publishers(s, ev, pubs)
        # Queue wrappers need the queue name: keep it on the pub.
        for p in pubs:
            if p.family == "queue":
                recv = p.how.split(".")[0]
                src = next(x for x in ts if x.rel == p.path)
                p.queue = injected_queues(src, ev).get(recv)
        wrapper_publishers(ts, "ts", ev, pubs, set(), forwarders)
    py = by_lang.get("py", [])
    if py:
        py_handlers(py, handlers, pubs, notes)
        wrapper_publishers(py, "py", Evaluator("py", collect_consts(py, "py")), pubs, set(), forwarders)
    java = by_lang.get("java", [])
    if java:
        java_handlers(java, root, handlers, pubs)
        wrapper_publishers(java, "java", Evaluator("java", collect_consts(java, "java")), pubs, set(), forwarders)
    go = by_lang.get("go", [])
    if go:
        go_handlers(go, handlers, notes)
    supers: dict[str, list[str]] = {}
    for s in java:
        for m in re.finditer(r"\b(?:class|interface|record)\s+([A-Za-z_]\w*)(?:<[^{]*?>)?(?:\([^)]*\))?\s*(?:extends\s+([\w.<>, ]+?))?\s*(?:implements\s+([\w.<>, ]+?))?\s*\{", s.code):
            names = []
            for grp in (m.group(2), m.group(3)):
                for t in (grp or "").split(","):
                    t = re.sub(r"<.*", "", t).strip().split(".")[-1]
                    if t:
                        names.append(t)
            supers.setdefault(m.group(1), []).extend(names)
    link(handlers, pubs, supers)
    handlers.sort(key=lambda h: (h.path, h.line))
    # Merge duplicates (a receiver connected twice, a listener on two keys).
    merged: dict[tuple, Handler] = {}
    for h in handlers:
        k = (h.path, h.line, h.name)
        if k in merged:
            m = merged[k]
            m.keys += [x for x in h.keys if x not in m.keys]
            m.publishers += [p for p in h.publishers if p not in m.publishers]
            m.implicit += [i for i in h.implicit if i not in m.implicit]
            m.registrations += [r for r in h.registrations if r not in m.registrations]
        else:
            merged[k] = h
    return {
        "repo": repo, "commit": commit,
        "handlers": [h.out() for h in merged.values()],
        "unresolved": sorted(({"path": p.path, "line": p.line, "how": p.how, "family": p.family}
                              for p in pubs if p.key is None
                              and not any(f["path"] == p.path and f["line"] == p.line for f in forwarders)),
                             key=lambda x: (x["path"], x["line"])),
        "forwarders": sorted({(f["path"], f["line"]): f for f in forwarders}.values(), key=lambda x: (x["path"], x["line"])),
        "skipped": notes,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root")
    ap.add_argument("--repo", default="")
    ap.add_argument("--commit", default="")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    repo = a.repo or os.path.basename(root).replace("+", "/", 1)
    truth = build(root, repo, a.commit)
    text = json.dumps(truth, indent=1, ensure_ascii=False) + "\n"
    if a.output:
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    n_pub = sum(len(h["publishers"]) for h in truth["handlers"])
    print(f"{repo}: {len(truth['handlers'])} handlers, {n_pub} publisher sites", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
