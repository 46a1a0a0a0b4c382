"""The room WebSocket: typed incoming messages, per-connection outgoing views."""
