"""The file-name endings of our document formats, in a module of their own: telling a campaign or a vehicle
file by its name must not load the code that reads one (the editor's start-up only asks the name)."""

TRACK_SUFFIX = ".track.json"
CAMPAIGN_SUFFIX = ".campaign.json"
VEHICLE_SUFFIX = ".vehicle.json"
