"""A TCP forwarder a test can cut: the server under test talks to PostgreSQL or Redis
through it, and `stop()` makes that service unreachable (listener closed, every open
connection reset) without touching the real service that other tests share; `blackhole()`
makes it silent instead (connections stay open and new ones are accepted, but nothing is
forwarded either way), as a network that drops packets or a hung server."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading


class TcpProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = 0
        self.listener: socket.socket | None = None
        self.connections: list[socket.socket] = []
        self.lock = threading.Lock()
        self.silent = threading.Event()

    def start(self) -> TcpProxy:
        """Listen (on the same port as before, after a stop) and forward every connection."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def stop(self) -> None:
        """The service is gone: refuse new connections and reset the open ones."""
        listener, self.listener = self.listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self.lock:
            connections, self.connections = self.connections, []
        for conn in connections:
            with contextlib.suppress(OSError):
                # Linger 0: close with a reset, as when the server process dies.
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()

    def blackhole(self) -> None:
        """From now on nothing passes, and nothing is closed: every wait on it just waits."""
        self.silent.set()

    def restore(self) -> None:
        """Forward again (connections that lost bytes meanwhile are broken: reset them)."""
        self.stop()
        self.silent.clear()
        self.start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            if self.silent.is_set():  # accepted, and never answered
                with self.lock:
                    self.connections.append(client)
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            with self.lock:
                if self.listener is not listener:  # stopped meanwhile
                    client.close()
                    upstream.close()
                    return
                self.connections += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if not self.silent.is_set():
                    sink.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                sink.shutdown(socket.SHUT_WR)
