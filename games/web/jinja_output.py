"""What a drawing writes out: each value escaped as markupsafe escapes it, for less.

Jinja compiles ``{{ value }}`` to ``escape(value)``, markupsafe's: it wraps each result in
a ``Markup``, and so wraps again a value that is ``Markup`` already. What a drawing writes
out is only ever joined into the page, where the wrapper is thrown away: a page writes
about 450 values, and the wrappers cost ten times the escaping. ``SiteCodeGenerator``
compiles those outputs to ``escape_written`` instead, which gives the same text.
"""

from __future__ import annotations

from typing import Any

from jinja2.compiler import CodeGenerator, Frame
from jinja2.nodes import Expr, Template
from markupsafe import Markup, escape

try:  # markupsafe's own escaping of a str, in C where it is built
    from markupsafe._speedups import _escape_inner
except ImportError:  # pragma: no cover - a markupsafe without its C part, or another layout

    def _escape_inner(text: str, /) -> str:
        return str(escape(text))


def escape_written(value: Any, /) -> str:
    """``escape(value)`` as text, for a value written out (joined into the page): the
    same characters as markupsafe's, without the ``Markup`` around them."""
    kind = type(value)
    if kind is str:
        return _escape_inner(value)
    if kind is Markup:
        return value
    if kind is int or kind is float:  # their text holds nothing to escape
        return str(value)
    return escape(value)  # anything else (its ``__html__``, None, …) as markupsafe does


class SiteCodeGenerator(CodeGenerator):
    """Jinja's code generator, writing the values of an escaping template out through
    ``escape_written``. Any other output (a template that does not escape, or one that
    decides at run time) is compiled as Jinja compiles it."""

    def visit_Template(self, node: Template, frame: Frame | None = None) -> None:
        self.writeline(f"from {__name__} import escape_written")
        super().visit_Template(node, frame)

    def _output_child_pre(self, node: Expr, frame: Frame, finalize: Any) -> None:
        if frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            super()._output_child_pre(node, frame, finalize)
            return
        self.write("escape_written(")
        if finalize.src is not None:
            self.write(finalize.src)
