"""What a worker of ``serve --workers N`` shares with the front process: the board of table
summaries in shared memory (:class:`SummaryBoard`) and the hand-over of accepted sockets
(:func:`receive_connections`). Both the front (:mod:`.shards`) and each worker's
:class:`~holdem_eval.server.app.TableServer` use them."""

from __future__ import annotations

import asyncio
import json
import mmap
import socket
import struct
from collections.abc import Callable
from typing import Any

from ..errors import ServerError

__all__ = ["SummaryBoard", "receive_connections"]

_SLOT = 512
"""Bytes of one table's summary slot on the board: a sequence number (u32), a length
(u16) and the JSON (a summary is under 250 bytes)."""
_HEAD = struct.Struct("<IH")


class SummaryBoard:
    """Each table's ``tables`` summary in shared memory (an anonymous ``MAP_SHARED``
    mapping, inherited by the forked workers). One writer per slot (the table's worker);
    a sequence number, odd while a write is under way, lets a reader skip a slot that a
    worker killed mid-write left half written, with no lock a dead process could hold."""

    def __init__(self, tables: int) -> None:
        self.tables = tables
        self._mem = mmap.mmap(-1, tables * _SLOT)

    def put(self, k: int, summary: dict[str, Any]) -> None:
        data = json.dumps(summary, separators=(",", ":")).encode()
        if len(data) > _SLOT - _HEAD.size:
            raise ServerError("bad_setting", f"table {k}'s summary is {len(data)} bytes, over the"
                                             f" board's {_SLOT - _HEAD.size}")
        at = k * _SLOT
        seq = _HEAD.unpack_from(self._mem, at)[0]
        seq += 1 + (seq & 1)  # odd: being written
        _HEAD.pack_into(self._mem, at, seq, 0)
        self._mem[at + _HEAD.size:at + _HEAD.size + len(data)] = data
        _HEAD.pack_into(self._mem, at, seq + 1, len(data))

    def read(self) -> list[dict[str, Any]]:
        """Every table's latest summary, in table order (a table whose worker has not
        published yet, or is being started again, is left out)."""
        out = []
        for k in range(self.tables):
            at = k * _SLOT
            for _ in range(3):
                seq, n = _HEAD.unpack_from(self._mem, at)
                data = bytes(self._mem[at + _HEAD.size:at + _HEAD.size + n])
                if seq & 1 == 0 and _HEAD.unpack_from(self._mem, at)[0] == seq:
                    if n:
                        out.append(json.loads(data))
                    break
        return out


def receive_connections(loop: asyncio.AbstractEventLoop, handoff: socket.socket,
                        factory: Callable[[], asyncio.Protocol],
                        on_close: Callable[[], None] | None = None) -> None:
    """Make a connection with ``factory`` of every socket the front hands over through
    ``handoff`` (one ``SCM_RIGHTS`` message each); ``on_close`` when the front is gone."""
    handoff.setblocking(False)

    async def adopt(sock: socket.socket) -> None:
        try:
            await loop.connect_accepted_socket(factory, sock)
        except OSError:
            sock.close()

    def ready() -> None:
        while True:
            try:
                data, fds, _, _ = socket.recv_fds(handoff, 1, 1)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data, fds = b"", []
            if not data and not fds:
                loop.remove_reader(handoff.fileno())
                if on_close is not None:
                    on_close()
                return
            for fd in fds:
                sock = socket.socket(fileno=fd)
                sock.setblocking(False)
                loop.create_task(adopt(sock))

    loop.add_reader(handoff.fileno(), ready)
