"""A Babel extractor for the rule files: every shown or printed text of `resources/rulesets/*.json`.

babel.cfg names it for the rule files (Babel takes "module:function" through an `[extractors]` alias):

    [extractors]
    rule_data = designer.rules.extract:extract_rules
    [rule_data: resources/rulesets/*.json]

Each text becomes a `pgettext` message whose context is the text's place in the rule data
("mk-gaslands|deck/green-shell/text", see `designer.rules.texts`), so `make i18n` puts the rule data into
the same catalogue as the code's messages. Pure: no Qt.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from designer.rules.texts import COMMENTS, rule_messages

Message = tuple[int, str, tuple[str, str], list[str]]


def _line_of(lines: list[str], english: str) -> int:
    """The first line (1-based) holding `english` as a JSON string, else 1."""
    needles = (json.dumps(english, ensure_ascii=False), json.dumps(english))
    return next((n for n, line in enumerate(lines, 1) if any(x in line for x in needles)), 1)


def extract_rules(fileobj: IO[bytes], keywords: Collection[str] = (), comment_tags: Collection[str] = (),
                  options: Mapping[str, Any] | None = None) -> Iterator[Message]:
    """Babel's extractor interface: (line, "pgettext", (context, English), comments) per translatable text."""
    source = fileobj.read()
    text = source.decode((options or {}).get("encoding", "utf-8")) if isinstance(source, bytes) else source
    data = json.loads(text)
    if not isinstance(data, Mapping):
        return
    lines = text.splitlines()
    for ctx, english, path in rule_messages(data):
        comment = COMMENTS.get(path.rsplit("/", 1)[-1])
        yield _line_of(lines, english), "pgettext", (ctx, english), [comment] if comment else []
