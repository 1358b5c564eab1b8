"""The track canvas: `TrackScene` (mm units) with one item per element kind, and the zoomable `TrackView`."""
