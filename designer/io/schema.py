"""JSON Schemas of the public file formats, generated from the pydantic models."""

from __future__ import annotations

from typing import Any

from designer.model.campaign import CampaignDocument
from designer.model.track import TrackDocument


def track_json_schema() -> dict[str, Any]:
    schema = TrackDocument.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "kartographer-track.schema.json"
    schema["title"] = "Kartographer track (schema_version 1)"
    return schema


def campaign_json_schema() -> dict[str, Any]:
    schema = CampaignDocument.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "kartographer-campaign.schema.json"
    schema["title"] = "Kartographer campaign (schema_version 1)"
    return schema
