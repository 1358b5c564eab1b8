"""Bundled data (rulesets, icons, JSON Schemas), shipped in the wheel as the package `designer.resources`."""
