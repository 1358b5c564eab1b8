"""The desktop application: main window, actions and start-up. Qt lives here and in `canvas/`."""
