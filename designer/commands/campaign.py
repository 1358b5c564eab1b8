"""The one campaign command: swap the whole (immutable, small) campaign document before ↔ after."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from designer.commands.merge import SwapCommand
from designer.model.campaign import CampaignDocument

if TYPE_CHECKING:
    from designer.document.campaign import CampaignSession


class ChangeCampaign(SwapCommand):
    """`edit` is the pure edit that made `after` (a page finds its own steps on the stack by it, not by their
    text, which is in the user's language)."""

    def __init__(self, session: CampaignSession, text: str, before: CampaignDocument,
                 after: CampaignDocument, edit: Callable[..., CampaignDocument] | None = None) -> None:
        super().__init__(text, before, after)
        self._session = session
        self.edit = edit

    def apply(self, value: CampaignDocument) -> None:
        self._session.replace(value)
