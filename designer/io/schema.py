"""JSON Schemas of the public file formats, generated from the pydantic models."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from designer.model.campaign import CampaignDocument
from designer.model.track import TrackDocument


def json_schema(model: type[BaseModel], format_name: str, title: str) -> dict[str, Any]:
    schema = model.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"{format_name}.schema.json"
    schema["title"] = title
    return schema


def track_json_schema() -> dict[str, Any]:
    return json_schema(TrackDocument, "kartographer-track", "Kartographer track (schema_version 1)")


def campaign_json_schema() -> dict[str, Any]:
    return json_schema(CampaignDocument, "kartographer-campaign", "Kartographer campaign (schema_version 3)")
