"""PDF export with reportlab: layout specs and draw functions writing to any file-like object. No Qt."""
