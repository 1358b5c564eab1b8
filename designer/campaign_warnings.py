"""The warnings a `kartographer campaign …` command prints about a campaign it does not refuse
(`CampaignMode.notices`: a career's kills that do not add up, a linked car that breaks a build rule): one
"FILE: warning: …" line each on stderr. Shared by `designer.campaign_cli` and the actions game systems add to it.
No Qt."""

from __future__ import annotations

import sys
from pathlib import Path

from designer.campaign.context import Context
from designer.campaign.modes import mode_notices
from designer.i18n import _
from designer.io.display import printable
from designer.model.campaign import CampaignDocument


def report_notices(file: str | Path, doc: CampaignDocument, ctx: Context) -> None:
    """What the campaign reports without refusing, one "FILE: warning: …" line each on stderr."""
    for notice in mode_notices(doc, ctx, file):
        print(printable(_("{file}: warning: {notice}").format(file=file, notice=notice)), file=sys.stderr)
