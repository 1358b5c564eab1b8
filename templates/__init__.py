"""Starter documents (`*.track.json`, `*.campaign.json`), shipped in the wheel as `designer.templates`."""
