"""Co-editing rooms (docs/architecture.md, "The protocol-document room"): the y-websocket wire format, one
live document per room per process, its log writer, its projection scheduling and the registry of rooms.
What a room stores and projects comes from the backend installed at start-up (`backend.py`)."""
