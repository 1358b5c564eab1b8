"""Pure geometry with shapely: track surface, element footprints, measurements. No Qt."""
