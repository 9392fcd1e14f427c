"""Text to syntax tree, with every syntax error as a located diagnostic.

`parse_source(text, path)` never raises on bad input: it returns the module
(as much of it as could be read) and the diagnostics. Recovery is by
declaration: after a syntax error the parser goes on at the next top-level
declaration (a line starting at column 1), so each broken declaration is one
error, every other declaration is still read and checked, and the time is
linear in the size of the file. Lark's `on_error` is used for one repair
only, a keyword used as a property name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from importlib import resources

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import ast, cache
from .diagnostics import Diagnostic, Span
from waybill.spec.files import read_regular
from .grammar import grammar_digest, grammar_text
from .transform import ToAst

MAX_FILE_BYTES = 5_000_000
MAX_TOKENS = 250_000  # per file: what bounds the memory of the parse (the largest shipped file has ~3 000)
MAX_NESTING = 128  # brackets, found by a scan before parsing
MAX_DEPTH = 64  # statements and expressions inside one another (`not not ...`, `a + b + ...`, `else if`)

# What a person calls each terminal, for "expected ..." messages.
TOKEN_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a string", "LBRACE": "`{`", "RBRACE": "`}`",
    "LPAR": "`(`", "RPAR": "`)`", "LSQB": "`[`", "RSQB": "`]`", "COMMA": "`,`", "COLON": "`:`",
    "ASSIGN": "`=`", "DOT": "`.`", "DOTDOT": "`..`", "SEMICOLON": "`;`", "$END": "the end of the file",
    "NOT_IN": "`not in`", "UP_TO": "`up to`", "PLUS_ASSIGN": "`+=`", "MINUS_ASSIGN": "`-=`",
    "EQ": "`==`", "NE": "`!=`", "LE": "`<=`", "GE": "`>=`", "LT": "`<`", "GT": "`>`",
    "PLUS": "`+`", "MINUS": "`-`", "STAR": "`*`", "SLASH": "`/`", "PERCENT": "`%`", "UNDERSCORE": "`_`",
}


TABLES_FILE = "waybill.lark.json"


def build_parser() -> Lark:
    """Build the LALR parser from the grammar (strict: any conflict is an error)."""
    return Lark(grammar_text(), parser="lalr", strict=True, propagate_positions=True,
                maybe_placeholders=False, start=["start", "expr"])


def _keyword_as_name(exc: UnexpectedInput, text: str) -> bool:
    """A keyword followed by `:` is a property name (`tags: a`, `order: 3`).

    No keyword is ever followed by `:` in the grammar, but LALR lookahead
    sets are shared between contexts, so the contextual lexer may read a
    keyword wherever an expression can end. When that keyword is the parse
    error and a `:` follows, feed it to the parser as a name instead.
    """
    if not isinstance(exc, UnexpectedToken) or exc.token.type not in _keywords():
        return False
    tok = exc.token
    if not text[tok.end_pos:tok.end_pos + 40].lstrip(" \t").startswith(":"):
        return False
    name = Token.new_borrow_pos("NAME", str(tok), tok)
    if "NAME" not in exc.interactive_parser.accepts():
        return False
    exc.interactive_parser.feed_token(name)
    return True


@lru_cache(maxsize=1)
def _keywords() -> frozenset[str]:
    return frozenset(_keyword_terminals())


def _keyword_terminals() -> list[str]:
    return re.findall(r'^([A-Z_]+): "[a-z]+"$', grammar_text(), re.MULTILINE)


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """The parser, loaded from its prebuilt tables when they match the grammar.

    Building the LALR tables and checking terminal collisions takes most of a
    second; loading the tables saved as plain JSON takes a tenth of
    that, which is what makes `waybill check` fast from a cold start. The
    tables are used only when their grammar hash and Lark version match.
    """
    tables = _load_tables()
    if tables is not None:
        return tables
    return build_parser()


def _load_tables() -> Lark | None:
    import json
    try:
        raw = resources.files(__package__).joinpath(TABLES_FILE).read_text(encoding="utf-8")
        saved = json.loads(raw, object_hook=_decode)
        if saved.get("digest") != grammar_digest():
            return None
        return Lark._load_from_dict(saved["data"], saved["memo"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_tables() -> str:
    """Save the strict-built parser's tables beside the grammar; returns the path."""
    import json
    from pathlib import Path
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    data, memo = build_parser().memo_serialize([TerminalDef, Rule])
    path = Path(__file__).with_name(TABLES_FILE)
    doc = {"digest": grammar_digest(), "data": _encode(data), "memo": _encode(memo)}
    path.write_text(json.dumps(doc, separators=(",", ":"), sort_keys=True), encoding="utf-8")
    return str(path)


# JSON has no tuples and no integer keys; the tables have both.
def _encode(x):
    if isinstance(x, dict):
        if all(isinstance(k, str) for k in x):
            return {k: _encode(v) for k, v in x.items()}
        return {"\u0001d": [[_encode(k), _encode(v)] for k, v in x.items()]}
    if isinstance(x, tuple):
        return {"\u0001t": [_encode(v) for v in x]}
    if isinstance(x, list):
        return [_encode(v) for v in x]
    return x


def _decode(obj: dict):
    if "\u0001d" in obj:
        return {k: v for k, v in obj["\u0001d"]}
    if "\u0001t" in obj:
        return tuple(obj["\u0001t"])
    return obj


def token_word(name: str) -> str:
    if name in TOKEN_WORDS:
        return TOKEN_WORDS[name]
    return f"`{name.lower()}`"


def decode(data: bytes, path: str) -> tuple[str | None, list[Diagnostic]]:
    """Bytes to text, or a located E104/E106."""
    if len(data) > MAX_FILE_BYTES:
        return None, [Diagnostic(path, Span.point(1, 1), "error", "E106",
                                 f"file is {len(data)} bytes; the limit is {MAX_FILE_BYTES}")]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8", errors="replace")
        line = good.count("\n") + 1
        col = len(good) - (good.rfind("\n") + 1) + 1
        return None, [Diagnostic(path, Span.point(line, col), "error", "E104",
                                 f"byte 0x{data[exc.start]:02x} at offset {exc.start} is not valid UTF-8",
                                 "save the file as UTF-8")]


def parse_file(path: str, display: str | None = None) -> tuple[ast.Module, list[Diagnostic], str | None]:
    """Read and parse one file; returns (module, diagnostics, text)."""
    shown = display or path
    try:
        data = read_regular(path, MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        return ast.Module(shown, []), [Diagnostic(shown, Span.point(1, 1), "error", "E107",
                                                  f"cannot read file: {getattr(exc, 'strerror', None) or exc}")], None
    text, diags = decode(data, shown)
    if text is None:
        return ast.Module(shown, []), diags, None
    module = cache.load(text, shown)
    if module is not None:
        return module, [], text
    module, diags = parse_source(text, shown)
    if not diags:
        cache.store(text, module)
    return module, diags, text


def parse_source(text: str, path: str = "<string>") -> tuple[ast.Module, list[Diagnostic]]:
    """Parse a whole file. On a syntax error, parse again one top-level
    declaration at a time (each starts at column 1): a declaration yields at
    most one syntax error (what follows a mistake inside it is not reported:
    it is mostly the mistake's echo), and every other declaration is still
    read, so its own errors are checked and reported. Each declaration is
    parsed once, so the time is linear in the file's size."""
    crowded = _too_many_tokens(text, path)
    if crowded is not None:
        return ast.Module(path, [], [None]), [crowded]
    whole = parse_chunk(text, path)
    if not whole.diagnostics:
        return ast.Module(path, whole.items), []
    chunks = split_chunks(text)
    if len(chunks) == 1:  # one declaration: parsing it again finds the same
        return join_chunks(path, [whole])
    return join_chunks(path, [parse_chunk(chunk, path, offset) for offset, chunk in chunks])


# ---- parsing a file one chunk at a time ------------------------------------------------------
# A chunk is a run of lines that starts at column 1: one top-level declaration
# (with the comments and blank lines after it). `parse_source` falls back to
# chunks after a syntax error; the language server parses only the chunks an
# edit changed. Both use these three, so their syntax errors are the same.

@dataclass
class ParsedChunk:
    """One chunk of a file, parsed on its own."""

    line: int  # 0-based line of the file where the chunk starts
    items: list  # its declarations (none when a syntax error lost them)
    diagnostics: list[Diagnostic]  # at the file's lines
    broken: list[str | None]  # names of the declarations an error kept out of `items` (None: not told)


def split_chunks(text: str) -> list[tuple[int, str]]:
    """(0-based line, text) of each chunk of `text`, in order; their texts
    joined by newlines give `text` back."""
    lines = text.split("\n")
    out, start = [], 0
    for i, line in enumerate(lines):
        if i > start and line[:1] not in ("", " ", "\t", "}", ")", "]", "#", "\r"):
            out.append((start, "\n".join(lines[start:i])))
            start = i
    out.append((start, "\n".join(lines[start:])))
    return out


def parse_chunk(text: str, path: str, line_offset: int = 0) -> ParsedChunk:
    """Parse `text`, which starts on line `line_offset` (0-based) of the file
    `path`: a chunk, several, or the whole file. Never raises on bad input:
    brackets nested too deep, a syntax error or a tree too deep is a diagnostic."""
    deep = _too_deep(text, path, line_offset)
    if deep is not None:
        items, diags = [], [deep]
    else:
        items, diags = _parse_scanned(text, path, line_offset)
    return ParsedChunk(line_offset, items, diags, _lost(text, items, diags))


def join_chunks(path: str, chunks: Iterable[ParsedChunk]) -> tuple[ast.Module, list[Diagnostic]]:
    """The module of a file from its chunks' parses (in file order), and their
    diagnostics (one per place and code)."""
    items, diags, broken = [], [], []
    for chunk in chunks:
        items.extend(chunk.items)
        diags.extend(chunk.diagnostics)
        broken.extend(chunk.broken)
    return ast.Module(path, items, broken), _dedupe(diags)


_ROUGH_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\w+|\S')


def _too_many_tokens(text: str, path: str) -> Diagnostic | None:
    """An E106 for a file of more than MAX_TOKENS tokens (counted roughly, and
    only up to the limit): a parse keeps every token, so this bounds its memory."""
    count = sum(1 for _ in islice(_ROUGH_TOKEN.finditer(text), MAX_TOKENS + 1))
    if count <= MAX_TOKENS:
        return None
    return Diagnostic(path, Span.point(1, 1), "error", "E106", f"file has more than {MAX_TOKENS} tokens",
                      "split it into several files")


def _lost(chunk: str, items: list, diags: list[Diagnostic]) -> list[str | None]:
    """The names of the declarations of `chunk` that an error kept out of
    `items`; None for one whose name cannot be told (the checker then leaves
    the file's other declarations alone, rather than call its names unknown)."""
    if not any(d.is_error and d.code in LOSING_CODES for d in diags):
        return []
    if items:  # one of several declarations was dropped (too deep): which one is not told here
        return [None]
    return [_declared_name(chunk)]


# errors after which a declaration is left out of the module (others keep it, with a stand-in value)
LOSING_CODES = frozenset({"E101", "E102", "E103", "E105"})


_HEAD = re.compile(r"\s*(?:replaces[ \t]+)?(?:(game)\b|(?:[A-Za-z_][A-Za-z0-9_]*)[ \t]+([A-Za-z_][A-Za-z0-9_]*))")


def _declared_name(chunk: str) -> str | None:
    """The name a declaration that failed to parse was giving (`procedure p ...`,
    `gadget g ...`, `replaces procedure p ...`), or `game` for a game block."""
    m = _HEAD.match(chunk)
    if not m:
        return None
    return m.group(1) or m.group(2)


def _parse_scanned(text: str, path: str, line_offset: int) -> tuple[list, list[Diagnostic]]:
    """The items of `text`, whose brackets `_too_deep` found nested within
    bounds, and its first syntax error, if any (then no items: a declaration
    with a syntax error is not half-read)."""

    def on_error(exc: UnexpectedInput) -> bool:
        # the only repair: a keyword used as a property name; any other error ends the parse
        return _keyword_as_name(exc, text)

    try:
        tree = lark_parser().parse(text, start="start", on_error=on_error)
    except UnexpectedInput as exc:
        return [], [_syntax_diag(exc, text, path, line_offset)]
    except RecursionError:
        return [], [_nesting_diag(path, 1 + line_offset, 1)]
    deep = _deep_tree(tree, path, line_offset)
    if deep is not None:  # the transform below is recursive: never hand it a tree this deep
        return [], [deep]
    builder = ToAst(path, text, line_offset=line_offset, parse_hole=parse_expression)
    kept: list = []
    diags: list[Diagnostic] = []
    # one top-level declaration at a time, each parse subtree dropped once
    # built: the peak memory is the parse tree's, not the parse tree's plus the AST's
    pending = tree.children[::-1]
    tree.children = []
    while pending:
        try:
            items = builder.transform(Tree("start", [pending.pop()], tree.meta))
        except RecursionError:
            return [], [_nesting_diag(path, 1 + line_offset, 1)]
        except VisitError as exc:
            if isinstance(exc.orig_exc, RecursionError):
                return [], [_nesting_diag(path, 1 + line_offset, 1)]
            raise
        for item in items:
            deep = _deep_node(item, path)
            if deep is None:
                kept.append(item)
            else:
                diags.append(deep)
    return kept, _dedupe(builder.problems + diags)


def parse_expression(text: str, path: str, line: int, column: int) -> ast.Node | None:
    """Parse the inside of a `{...}` hole in a string; None if it is not an expression."""
    try:
        tree = lark_parser().parse(text, start="expr")
        if _deep_tree(tree, path, 0) is not None:
            return None
        node = ToAst(path, text, line_offset=line - 1, column_offset=column - 1,
                     parse_hole=parse_expression).transform(tree)
    except (UnexpectedInput, VisitError, RecursionError):
        return None
    return node if _deep_node(node, path) is None else None


def _dedupe(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen, out = set(), []
    for d in diags:
        key = (d.span.line, d.span.column, d.code)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _syntax_diag(exc: UnexpectedInput, text: str, path: str, line_offset: int = 0) -> Diagnostic:
    diag = _syntax_diag_at(exc, text, path)
    if line_offset:
        sp = diag.span
        diag.span = Span(sp.line + line_offset, sp.column, sp.end_line + line_offset, sp.end_column)
    return diag


def _syntax_diag_at(exc: UnexpectedInput, text: str, path: str) -> Diagnostic:
    if isinstance(exc, UnexpectedCharacters):
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        shown = repr(ch) if not ch.isprintable() or ch in "'\"" else f"`{ch}`"
        hint = "strings use double quotes: \"...\"" if ch == "'" else None
        if ch == '"':
            hint = "a string must end on the line it starts"
        return Diagnostic(path, Span.point(exc.line, exc.column), "error", "E102",
                          f"unexpected character {shown}", hint)
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        expected = getattr(exc, "expected", None) or getattr(exc, "accepts", None) or []
        unclosed, line, col = _scan_end(text)
        if "RBRACE" in expected and unclosed is not None:  # all that is missing is a `}`: show whose
            return Diagnostic(path, Span.point(*unclosed), "error", "E103", "this `{` is never closed",
                              "a `}` is missing: every `{` needs a matching `}`")
        return Diagnostic(path, Span.point(line, col), "error", "E103", "unexpected end of declaration",
                          _expected(expected))
    assert isinstance(exc, UnexpectedToken)
    tok: Token = exc.token
    expected = sorted(exc.accepts or exc.expected or [])
    misplaced = _misplaced(exc, text, path, expected)
    if misplaced is not None:
        return misplaced
    glued = _glued(exc, path)
    if glued is not None:
        return glued
    span = Span(tok.line or 1, tok.column or 1, tok.end_line or tok.line or 1,
                tok.end_column or (tok.column or 1) + max(1, len(str(tok))))
    shown = str(tok).replace("\n", " ")
    if len(shown) > 30:
        shown = shown[:27] + "..."
    hint = _expected(expected)
    if "RBRACE" in expected and tok.type in ("NAME", "STRING"):
        hint = "is a `}` missing above? " + (hint or "")
    if tok.type in ("NAME", "INT"):
        what = f"{'name' if tok.type == 'NAME' else 'number'} `{shown}`"
    elif tok.type == "STRING":
        what = f"string {shown}"
    else:
        what = f"`{shown}`"
    return Diagnostic(path, span, "error", "E101", f"unexpected {what}", hint)


def _glued(exc: UnexpectedToken, path: str) -> Diagnostic | None:
    """Where only keywords may come, a word that starts with one (`player` in a
    `game` block) is read as the keyword and a name glued to it (`play`, `er`):
    report the word as written, with the keywords it is close to."""
    tok = exc.token
    stack = getattr(getattr(exc.interactive_parser, "parser_state", None), "value_stack", None) or []
    top = stack[-1] if stack else None
    if tok.type != "NAME" or not isinstance(top, Token) or not str(top).isidentifier() or top.type == "NAME" \
            or top.end_pos != tok.start_pos or top.line != tok.line:
        return None
    word = str(top) + str(tok)
    from .diagnostics import suggest
    keywords = [t.pattern.value for t in lark_parser().terminals
                if t.pattern.type == "str" and t.pattern.value.isidentifier()]
    return Diagnostic(path, Span(top.line, top.column, tok.end_line or tok.line, tok.end_column or tok.column + 1),
                      "error", "E101", f"unexpected name `{word}`",
                      suggest(word, keywords) or f"`{top}` is a keyword; a name cannot go here")


# Words that start a statement (an effect): they go in an action, a trigger,
# a replacement, a procedure or a game block, never directly in a body of fields.
STATEMENT_WORDS = frozenset({"let", "set", "if", "for", "repeat", "while", "choose", "may", "act", "emit", "require",
                             "log", "return", "stop", "break", "resolve"})
# Words that start an ability: they go directly in a declaration's body, never in a block of statements.
ABILITY_WORDS = {
    "modify": "a modifier `modify ...`",
    "on": "a trigger `on ...`",
    "instead": "a replacement `instead of ...`",
    "action": "an action `action ...`",
}
_FIRST_WORD = re.compile(r"[ \t]*([A-Za-z_][A-Za-z0-9_]*)")
_BODY_STARTS = {"ON", "MODIFY", "ACTION", "INSTEAD", "TEXT"}


def _misplaced(exc: UnexpectedToken, text: str, path: str, expected: list[str]) -> Diagnostic | None:
    """An E406 for a whole line that is well formed but stands where it cannot
    go: an effect directly in a declaration's body of fields, or an ability
    (`modify`, `on`, `instead of`, `action`) inside a block of statements.
    None when the error is something else."""
    tok = exc.token
    if not tok.line or tok.type == "$END":
        return None
    line_text = text.split("\n")[tok.line - 1]
    m = _FIRST_WORD.match(line_text)
    if not m or m.start(1) + 1 > (tok.column or 1):  # the error is on the line, after its first word
        return None
    word, column = m.group(1), m.start(1) + 1
    span = Span(tok.line, column, tok.line, column + len(word))
    stack = getattr(getattr(exc.interactive_parser, "parser_state", None), "value_stack", None) or []
    top = stack[-1] if stack else None
    if column == 1:  # a line of the top level
        called = isinstance(top, Token) and top.type == "NAME" and tok.type == "LPAR" and str(top) == word \
            and len(stack) == 1
        if word in STATEMENT_WORDS or called:
            what = f"a call of `{word}`" if called else f"a `{word}` statement"
            return Diagnostic(path, span, "error", "E406", f"{what} cannot stand at the top level of a file",
                              "an effect goes in a `procedure NAME() { ... }`, in the `game` block's `setup` "
                              "or `play`, or in an ability of a declaration (`action`, `on EVENT`, "
                              "`instead of EVENT`)")
        return None
    block = _open_block(stack)
    if block in BLOCK_HOLDS:  # between the items of a `variant`, `game` or `scenario` block
        called = (isinstance(top, Token) and top.type == "NAME" and tok.type == "LPAR" and str(top) == word) or \
            (tok.type == "NAME" and str(tok) == word and line_text[column - 1 + len(word):].lstrip().startswith("("))
        if word in STATEMENT_WORDS or called:
            what = f"a call of `{word}`" if called else f"a `{word}` statement"
            where, holds = BLOCK_HOLDS[block]
            return Diagnostic(path, span, "error", "E406", f"{what} cannot stand directly in {where}", holds)
    if _BODY_STARTS <= set(expected):  # between the items of a body of fields
        called = isinstance(top, Token) and top.type == "NAME" and tok.type == "LPAR" and str(top) == word
        if word in STATEMENT_WORDS or called:
            what = f"a call of `{word}`" if called else f"a `{word}` statement"
            return Diagnostic(path, span, "error", "E406",
                              f"{what} cannot stand directly in a declaration's body",
                              "an effect goes in an ability: put it in an `action NAME { ... }`, a trigger "
                              "`on EVENT { ... }` or a replacement `instead of EVENT { ... }`; a body itself "
                              "holds fields (`cost: 2`), flags, `text` and abilities")
    if word in ABILITY_WORDS and isinstance(top, Token) and top.type == "NAME" and str(top) == word:
        return Diagnostic(path, span, "error", "E406",
                          f"{ABILITY_WORDS[word]} cannot stand inside a block of statements",
                          "abilities go directly in a declaration's body (or at the top level), not inside an action, "
                          "a trigger, a procedure or another block; inside a block, change the game with a "
                          "statement (`set`, a call, ...)")
    return None


# What the blocks that hold items, not statements, hold: said when a statement stands in one.
BLOCK_HOLDS = {
    "VARIANT": ("a `variant` block",
                "a variant holds declarations: counters, kinds, zones, boards, dice, tracks, tables, events, "
                "quantities, procedures, cards, invariants, `remove NAME`, abilities (`action`, `on EVENT`, "
                "`instead of`, `modify`), `text` and a `game` block; an effect goes in one of them, e.g. a "
                "`game { setup { ... } }` that replaces the base setup, or a trigger `on EVENT { ... }`"),
    "GAME": ("the `game` block",
             "the `game` block holds `players`, `limits { ... }`, `setup { ... }`, `play { ... }`, `score` and "
             "`text`; an effect goes in `setup { ... }` (once, before play) or `play { ... }` (the turn loop)"),
    "SCENARIO": ("a `scenario`",
                 "a scenario holds `players`, `seed`, `variants`, `given { ... }`, `before setup { ... }`, steps "
                 "(`do`, `answer`, `pass`, `play until`), `force`, `expect` and `text`; an effect that arranges "
                 "the position goes in `given { ... }` (or `before setup { ... }`)"),
}
_NAMED_BLOCKS = {"VARIANT", "SCENARIO"}  # `KEYWORD NAME "Title"? {`; `game "Title"? {` has no name


def _open_block(stack: list) -> str | None:
    """The keyword (`VARIANT`, `GAME`, ...) of the block whose `{` is the innermost
    open one of a parse, if that `{` directly follows its head; None otherwise.
    The finished items of the block are trees, so the `{` is the last brace token."""
    i = len(stack) - 1
    while i >= 0 and not (isinstance(stack[i], Token) and stack[i].type == "LBRACE"):
        if isinstance(stack[i], Token) and stack[i].type in ("LPAR", "LSQB", "RBRACE"):
            return None  # inside brackets, or a brace not of this block
        i -= 1
    i -= 1
    if i >= 0 and isinstance(stack[i], Token) and stack[i].type == "STRING":
        i -= 1
    if i >= 0 and isinstance(stack[i], Token) and stack[i].type == "GAME":
        return "GAME"
    if i >= 1 and isinstance(stack[i], Token) and stack[i].type == "NAME" \
            and isinstance(stack[i - 1], Token) and stack[i - 1].type in _NAMED_BLOCKS:
        return stack[i - 1].type
    return None


def _expected(expected) -> str | None:
    words = sorted({token_word(e) for e in expected if not e.startswith("__")})
    if not words:
        return None
    if len(words) > 8:
        words = words[:8] + ["..."]
    return "expected " + ", ".join(words)


def _nesting_diag(path: str, line: int, col: int, limit: int = MAX_NESTING) -> Diagnostic:
    return Diagnostic(path, Span.point(line, col), "error", "E105",
                      f"nesting is deeper than {limit} levels",
                      "split the rule into procedures")


def _deep_tree(tree: Tree, path: str, line_offset: int) -> Diagnostic | None:
    """A parse tree nested past what the (recursive) transform can take, found
    without recursion. A level of the language is at most three tree levels."""
    limit = 3 * MAX_DEPTH
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            meta = node.meta
            line = getattr(meta, "line", 1) if not getattr(meta, "empty", True) else 1
            col = getattr(meta, "column", 1) if not getattr(meta, "empty", True) else 1
            return _nesting_diag(path, line + line_offset, col, MAX_DEPTH)
        stack.extend((c, depth + 1) for c in reversed(node.children) if isinstance(c, Tree))
    return None


def _deep_node(node: ast.Node, path: str) -> Diagnostic | None:
    """Statements and expressions nested more than MAX_DEPTH deep (a long
    `a + b + c ...` is as deep as it is long), found without recursion, at
    the first node past the limit. Checking, lowering, the IR's schema and
    the runtime all recurse on this nesting."""
    stack = [(node, 1)]
    while stack:
        n, depth = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend((c, depth) for c in reversed(n))
            continue
        if not isinstance(n, ast.Node):
            continue
        if depth > MAX_DEPTH:
            return _nesting_diag(path, n.span.line, n.span.column, MAX_DEPTH)
        for value in reversed(list(vars(n).values())):  # the first past the limit in reading order
            if isinstance(value, (ast.Node, list, tuple)):
                stack.append((value, depth + 1))
    return None


def _scan_end(text: str) -> tuple[tuple[int, int] | None, int, int]:
    """Where the code of `text` ends (after its last token, not after a
    trailing comment), and the `{` most likely left unclosed, as (line, col).

    Brackets alone cannot say which `{` lacks its `}` (the last `}` closes the
    innermost one), so indentation is the witness: a `{` is suspect when a
    later line, not a `}`, starts no deeper than the line that opened it
    while it is still open. The first suspect wins, else the innermost `{`
    left open at the end.
    """
    stack: list[tuple[int, int, int]] = []  # (line, col, indent of its line) of each open `{`
    suspect = None
    end, last_line, indent = (1, 1), 0, 0
    for line, col, ch, quoted in _visible(text):
        end = (line, col + 1)
        if line != last_line:  # the line's first character: its column tells the indentation
            last_line, indent = line, col - 1
            if suspect is None and ch != "}" and stack and stack[-1][0] < line and indent <= stack[-1][2]:
                suspect = stack[-1][:2]
        if quoted:
            continue
        if ch == "{":
            stack.append((line, col, indent))
        elif ch == "}" and stack:
            stack.pop()
    unclosed = suspect or (stack[-1][:2] if stack else None)
    return unclosed, end[0], end[1]


def _visible(text: str):
    """(line, col, char, inside a string) of each character that is not
    blank and not in a comment, as the lexer would see them."""
    line, col = 1, 0
    in_str = in_comment = escape = False
    for ch in text:
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
            in_comment = in_str = False
            continue
        if in_comment:
            continue
        if in_str:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_str = False
            yield line, col, ch, True
            continue
        if ch == "#":
            in_comment = True
        elif not ch.isspace():
            in_str = ch == '"'
            yield line, col, ch, False


def _too_deep(text: str, path: str, line_offset: int = 0) -> Diagnostic | None:
    """Brackets nested past the limit, found by a cheap scan (strings and comments skipped)."""
    depth = 0
    for line, col, ch, quoted in _visible(text):
        if quoted:
            continue
        if ch in "([{":
            depth += 1
            if depth > MAX_NESTING:
                return _nesting_diag(path, line + line_offset, col)
        elif ch in ")]}":
            depth = max(0, depth - 1)
    return None


if __name__ == "__main__":
    print(write_tables())


__all__ = ["parse_source", "parse_file", "parse_expression", "lark_parser", "decode", "Tree",
           "ParsedChunk", "split_chunks", "parse_chunk", "join_chunks"]
