"""The one campaign command: swap the whole (immutable, small) campaign document before ↔ after."""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.commands.merge import SwapCommand
from designer.model.campaign import CampaignDocument

if TYPE_CHECKING:
    from designer.document.campaign import CampaignSession


class ChangeCampaign(SwapCommand):
    def __init__(self, session: CampaignSession, text: str, before: CampaignDocument,
                 after: CampaignDocument) -> None:
        super().__init__(text, before, after)
        self._session = session

    def apply(self, value: CampaignDocument) -> None:
        self._session.replace(value)
