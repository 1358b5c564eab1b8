"""Game systems as plug-ins: one package per system declares what it contributes (`api.System`), and the
registry (`registry`) hands the declarations to the shared machinery. See `designer/systems/README.md`."""
