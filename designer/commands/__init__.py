"""QUndoCommand subclasses: every edit of a document goes through one of these."""
