"""Paddock's web server: HTTP API, WebSocket rooms, persistence."""
