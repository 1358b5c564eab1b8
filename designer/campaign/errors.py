"""The campaign layer's one error: a refused edit or an inconsistent campaign, said in one line."""

from __future__ import annotations


class CampaignError(ValueError):
    """Why an edit is refused (or a file is inconsistent). `str()` is `place: reason` on one line."""

    def __init__(self, reason: str, location: str = "") -> None:
        self.reason = " ".join(str(reason).split())
        self.location = location
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.location}: {self.reason}" if self.location else self.reason
