"""The HTML of a :class:`View`: two panes, a legend, a little script.

One self-contained page: inline CSS and JavaScript, no network, no external
files, so it works from ``file://`` and inside a Jupyter output cell. Code is
highlighted with pygments when it is installed, and shown as plain (escaped)
text otherwise.

Every line is a ``div`` with ``data-sd-key``: the keys of the primal
statement it belongs to (``p0-15``: primal function 0, the statement that
starts on line 15; ``p0-seed``, ``p0-result``, ``p0-header``). Lines that share
a key are linked: hovering one highlights all of them, clicking pins the
highlight and scrolls the other pane to the first linked line.
"""

import html
import itertools
import os

from srcdiff.api.view_model import MARK_LABELS, MARKS, REASONS, ROLES, write_atomic


def esc(text):
    return html.escape(text, quote=True)


# ------------------------------------------------------------------ highlighting


def _token_class(ttype, token):
    if ttype in token.Comment:
        return "c"
    if ttype in token.String:
        return "s"
    if ttype in token.Number:
        return "m"
    if ttype in token.Keyword or ttype in token.Operator.Word:
        return "k"
    if ttype in token.Name.Builtin:
        return "b"
    if ttype in token.Name.Function or ttype in token.Name.Class:
        return "f"
    if ttype in token.Name.Decorator:
        return "d"
    return None


def highlight_lines(text):
    """``text`` as one HTML string per line: highlighted by pygments if it is installed,
    else escaped."""
    n = len(text.split("\n"))
    try:
        from pygments import token
        from pygments.lexers import PythonLexer
    except ImportError:
        return [esc(line) for line in text.split("\n")]
    lexer = PythonLexer(stripnl=False, stripall=False, ensurenl=False, tabsize=0)
    out, current = [], []
    for ttype, value in lexer.get_tokens(text):
        cls = _token_class(ttype, token)
        for k, part in enumerate(value.split("\n")):
            if k:
                out.append("".join(current))
                current = []
            if part:
                current.append(f'<span class="sdx-{cls}">{esc(part)}</span>' if cls
                               else esc(part))
    out.append("".join(current))
    if "".join(out).count("\n") or len(out) < n:  # never lose a line, whatever the lexer did
        return [esc(line) for line in text.split("\n")]
    return out[:n]


# ------------------------------------------------------------------ panes


def _badge(kind, label, title):
    return f'<span class="sdx-badge sdx-m-{kind}" title="{esc(title)}">{esc(label)}</span>'


def _primal_pane(view):
    out = []
    main = _main_primal(view)  # the function asked about first, then those it calls
    order = [main] + [p for p in view.primals if p is not main]
    word = "adjoint" if view.mode == "reverse" else "tangent"
    for p in order:
        out.append(f'<div class="sdx-fn">{esc(display_path(p.filename))} &middot; '
                   f'<b>{esc(p.name)}</b></div>')
        code = highlight_lines("\n".join(p.lines))
        for row, html_text in zip(p.rows, code):
            classes = ["sdx-l"]
            if row.status:
                classes.append("sdx-s-" + row.status)
            badges = [_badge(m, MARK_LABELS[m], MARKS[m]) for m in row.marks]
            attrs = ""
            if row.status == "inactive":
                classes.append("sdx-r-" + row.reason)
                badges.append(_badge("why", f"no {word}: {REASONS[row.reason]}", row.detail))
                attrs += f' data-sd-why="{esc(row.reason)}" title="{esc(row.detail)}"'
            if row.keys:
                attrs += f' data-sd-key="{esc(" ".join(row.keys))}"'
            out.append(f'<div class="{" ".join(classes)}"{attrs} data-sd-line="{row.number}">'
                       f'<span class="sdx-n">{row.number}</span>'
                       f'<span class="sdx-t">{html_text}</span>'
                       f'<span class="sdx-bs">{"".join(badges)}</span></div>')
    return "\n".join(out)


def _main_primal(view):
    """The primal function of the entry point (the last generated function)."""
    last = max((g for g in view.lines if g.primal is not None), key=lambda g: g.number,
               default=None)
    return view.primals[last.primal] if last is not None else view.primals[0]


def _generated_pane(view):
    out = []
    code = highlight_lines(view.source.rstrip("\n"))
    for g, html_text in zip(view.lines, code):
        classes = ["sdx-l"]
        attrs = ""
        if g.role:
            classes.append("sdx-r-" + g.role)
            attrs += f' data-sd-role="{esc(g.role)}"'
        if g.key:
            attrs += f' data-sd-key="{esc(g.key)}"'
        if isinstance(g.belongs, int):
            attrs += f' data-sd-primal="{g.belongs}"'
        if g.marks:
            attrs += f' data-sd-marks="{esc(" ".join(g.marks))}"'
        badges = "".join(_badge(m, MARK_LABELS[m], MARKS[m]) for m in g.marks)
        out.append(f'<div class="{" ".join(classes)}"{attrs} data-sd-line="{g.number}">'
                   f'<span class="sdx-n">{g.number}</span>'
                   f'<span class="sdx-t">{html_text}</span>'
                   f'<span class="sdx-bs">{badges}</span></div>')
    return "\n".join(out)


def display_path(path):
    """``path`` relative to the working directory when it lies under it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    return path if rel.startswith("..") or not os.path.isabs(path) else rel.replace(os.sep, "/")


def _legend(view):
    """What the colours and badges mean, with how many lines of this view have each."""
    roles, marks, reasons = {}, {}, {}
    for g in view.lines:
        if g.role:
            roles[g.role] = roles.get(g.role, 0) + 1
        for m in g.marks:
            marks[m] = marks.get(m, 0) + 1
    for p in view.primals:
        for row in p.rows:
            if row.status == "inactive":
                reasons[row.reason] = reasons.get(row.reason, 0) + 1

    def item(mark, text, n):
        return f'<span class="sdx-key{"" if n else " sdx-none"}">{mark} {esc(text)} ' \
               f'<i>({n})</i></span>'

    lines = [item(f'<span class="sdx-sw sdx-r-{role}"></span>', text, roles[role])
             for role, text in ROLES.items() if role in roles]
    badges = [item(_badge(m, MARK_LABELS[m], text), text, marks.get(m, 0))
              for m, text in MARKS.items()]
    word = "adjoint" if view.mode == "reverse" else "tangent"
    why = " ".join(_badge("why", text, "") for text in REASONS.values())
    badges.append(item(why, f"a primal line without {word} code, and why",
                       sum(reasons.values())))
    return (f'<div class="sdx-row"><b>lines</b> {"".join(lines)}</div>'
            f'<div class="sdx-row"><b>marks</b> {"".join(badges)}</div>')


# ------------------------------------------------------------------ assembly

CSS = """
.sdx{font:13px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;
  background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:8px 10px;margin:4px 0}
.sdx-head{font-size:14px;margin:2px 0 6px}
.sdx-head small{color:#57606a}
.sdx-legend{font-size:12px;color:#424a53;margin:0 0 8px;padding:4px 8px;
  background:#f6f8fa;border-radius:4px}
.sdx-row{display:flex;flex-wrap:wrap;gap:3px 14px;align-items:center;margin:2px 0}
.sdx-row b{width:3.5em;color:#57606a;font-weight:600}
.sdx-legend i{color:#8c959f;font-style:normal}
.sdx-key{display:inline-flex;align-items:center;gap:4px}
.sdx-key.sdx-none{opacity:.45}
.sdx-sw{display:inline-block;width:4px;height:14px;border-left:4px solid}
.sdx-panes{display:flex;gap:10px;align-items:stretch}
.sdx-pane{flex:1 1 0;min-width:0;border:1px solid #d0d7de;border-radius:4px;overflow:auto;
  max-height:85vh;position:relative}
.sdx-title{position:sticky;top:0;z-index:1;background:#eaeef2;padding:3px 8px;font-weight:600;
  border-bottom:1px solid #d0d7de}
.sdx-fn{padding:6px 8px 2px;color:#57606a;font-size:12px}
.sdx-code{font:12.5px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
  padding:2px 0 8px}
.sdx-l{display:flex;align-items:baseline;border-left:4px solid transparent;cursor:default;
  min-height:1.5em}
.sdx-n{flex:none;width:3.2em;text-align:right;padding-right:10px;color:#8c959f;
  user-select:none}
.sdx-t{flex:1 1 auto;white-space:pre}
.sdx-bs{flex:none;padding:0 6px}
.sdx-badge{display:inline-block;font:10.5px/1.3 system-ui,sans-serif;border-radius:8px;
  padding:0 6px;margin-left:3px;border:1px solid;white-space:nowrap}
.sdx-m-tape{background:#fff1d6;border-color:#d4a72c;color:#7d4e00}
.sdx-m-restore{background:#fff;border-color:#d4a72c;color:#7d4e00}
.sdx-m-recompute{background:#dafbe1;border-color:#4ac26b;color:#116329}
.sdx-m-uniform{background:#fbefff;border-color:#c297ff;color:#6639ba}
.sdx-m-deferred{background:#ffeff7;border-color:#f778ba;color:#99286e}
.sdx-m-why{background:#f6f8fa;border-color:#afb8c1;color:#57606a}
.sdx-r-primal{border-left-color:#afb8c1}
.sdx-r-save{border-left-color:#d4a72c}
.sdx-r-adjoint,.sdx-r-tangent{border-left-color:#0969da}
.sdx-r-control{border-left-color:#8250df}
.sdx-r-header{border-left-color:#d0d7de}
.sdx-r-seed,.sdx-r-result{border-left-color:#1a7f37}
.sdx-sw.sdx-r-primal{border-color:#afb8c1}.sdx-sw.sdx-r-save{border-color:#d4a72c}
.sdx-sw.sdx-r-adjoint,.sdx-sw.sdx-r-tangent{border-color:#0969da}
.sdx-sw.sdx-r-control{border-color:#8250df}.sdx-sw.sdx-r-header{border-color:#d0d7de}
.sdx-sw.sdx-r-seed,.sdx-sw.sdx-r-result{border-color:#1a7f37}
.sdx-s-active{border-left-color:#0969da}
.sdx-s-inactive .sdx-t{opacity:.5}
.sdx-s-inactive{border-left-color:#d0d7de;border-left-style:dashed}
.sdx-l.sdx-hl{background:#fff8c5}
.sdx-l.sdx-at{background:#ffe58a}
.sdx-k{color:#cf222e}.sdx-s{color:#0a3069}.sdx-m{color:#0550ae}.sdx-c{color:#6e7781;
  font-style:italic}.sdx-b{color:#8250df}.sdx-f{color:#6639ba}.sdx-d{color:#953800}
.sdx-hint{color:#57606a;font-size:12px}
"""

# Hover a line: every line sharing one of its keys is highlighted. Click: pin the
# highlight (click again to release) and scroll the other pane to the first linked line.
# A page opened as VIEW.html#p0-15 starts with that key pinned.
SCRIPT = """
(function () {
  var root = document.getElementById("%(id)s");
  if (!root || root.sdxReady) return;
  root.sdxReady = true;
  var byKey = {}, lit = [], pinned = null;
  root.querySelectorAll("[data-sd-key]").forEach(function (el) {
    el.getAttribute("data-sd-key").split(" ").forEach(function (k) {
      (byKey[k] = byKey[k] || []).push(el);
    });
  });
  function light(line) {
    lit.forEach(function (el) { el.classList.remove("sdx-hl", "sdx-at"); });
    lit = [];
    if (!line) return;
    line.getAttribute("data-sd-key").split(" ").forEach(function (k) {
      byKey[k].forEach(function (el) { el.classList.add("sdx-hl"); lit.push(el); });
    });
    line.classList.add("sdx-at");
    lit.push(line);
  }
  function reveal(line) {
    var own = line.closest(".sdx-pane");
    root.querySelectorAll(".sdx-pane").forEach(function (pane) {
      if (pane === own) return;
      var first = lit.filter(function (el) { return pane.contains(el); })[0];
      if (!first) return;
      var top = first.offsetTop, bottom = top + first.offsetHeight;
      if (top < pane.scrollTop || bottom > pane.scrollTop + pane.clientHeight)
        pane.scrollTop = Math.max(0, top - pane.clientHeight / 3);
    });
  }
  function lineOf(event) { return event.target.closest("[data-sd-key]"); }
  root.addEventListener("mouseover", function (e) { if (!pinned) light(lineOf(e)); });
  root.addEventListener("mouseleave", function () { if (!pinned) light(null); });
  root.addEventListener("click", function (e) {
    var line = lineOf(e);
    pinned = line && line !== pinned ? line : null;
    light(pinned || line);
    if (pinned) reveal(pinned);
  });
  var asked = decodeURIComponent(location.hash.slice(1));  // VIEW.html#p0-15 pins a line
  if (byKey[asked]) { pinned = byKey[asked][0]; light(pinned); reveal(pinned); }
  root.setAttribute("data-sd-ready", "1");
})();
"""


def fragment(view, ident):
    """The view as a ``<div>`` with its own style and script (``ident``: its element id)."""
    main = _main_primal(view)
    what = "gradient" if view.mode == "reverse" else "tangent (forward mode)"
    head = (f'<div class="sdx-head"><b>{esc(view.entry)}</b>: the {what} of '
            f'<b>{esc(main.name)}</b> <small>({esc(display_path(main.filename))}, line '
            f'{main.first_line})</small> <span class="sdx-hint">&mdash; hover a line to see '
            f'its counterpart, click to pin it</span></div>')
    return (f'<div class="sdx" id="{ident}">\n<style>{CSS}</style>\n{head}\n'
            f'<div class="sdx-legend">{_legend(view)}</div>\n'
            f'<div class="sdx-panes">\n'
            f'<div class="sdx-pane" data-sd-pane="primal"><div class="sdx-title">your '
            f'function</div><div class="sdx-code">\n{_primal_pane(view)}\n</div></div>\n'
            f'<div class="sdx-pane" data-sd-pane="generated"><div class="sdx-title">generated '
            f'by srcdiff</div><div class="sdx-code">\n{_generated_pane(view)}\n</div></div>\n'
            f'</div>\n<script>{SCRIPT % {"id": ident}}</script>\n</div>')


def page(view, title):
    """The view as one self-contained HTML page."""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<style>body{margin:12px;background:#fff}</style>\n</head>\n<body>\n"
            f"{fragment(view, 'sdx-view')}\n</body>\n</html>\n")


# ---------------------------------------------------------------- the view object


_COUNTER = itertools.count(1)


class View:
    """The side-by-side view: ``source`` (the generated module, as ``sd.source`` prints
    it), ``lines`` (a :class:`GenLine` per line of it), ``primals`` (the differentiated
    functions, each with ``rows``: a :class:`PrimalLine` per line)."""

    def __init__(self, source, lines, primals, mode, entry):
        self.source = source
        self.lines = lines
        self.primals = primals
        self.mode = mode
        self.entry = entry

    def __str__(self):
        return self.source

    def __repr__(self):
        return f"<srcdiff view of {self.entry} ({self.mode} mode)>"

    def fragment(self):
        """The view as an HTML fragment (styles and script included, ids unique)."""
        return fragment(self, f"sdx{next(_COUNTER)}")

    def html(self, title=None):
        """The view as one self-contained HTML page."""
        return page(self, title or f"srcdiff: {self.entry}")

    def _repr_html_(self):
        return self.fragment()

    def save(self, path):
        """Write :meth:`html` to ``path`` atomically (a temporary file, then a rename)."""
        write_atomic(path, self.html())



