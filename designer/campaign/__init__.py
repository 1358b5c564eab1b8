"""The campaign manager's pure core: Grand Prix scoring and upgrades, Balloon Battles, driver careers,
and the edits that keep a campaign consistent with its ruleset. No Qt, no files (see designer.io)."""
