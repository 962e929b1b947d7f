"""A table across computers: one host owns the game, guests only show what it sends.

Pure asyncio + websockets (+ zeroconf for finding tables), never pygame. See docs/NETWORK.md.

- ``net.host.TableHost(game_id, [SeatPlan(...)], seed, options, bind=, port=)`` — ``start()``
  opens the table (TLS websockets on its own thread and loop) and returns the address; ``code``
  is the join code, ``invite()`` the invite string, ``host_token`` lets the host's own window in,
  ``lobby()`` the seat table, ``begin()``, ``give_to_bot(seat, level)``, ``take_back(seat)``,
  ``record()`` / ``TableHost.from_record()``, ``stop()``.
- ``net.guest.GuestClient(host, port, fingerprint= or code=, name=, host_token=, resume=)``
  (or ``GuestClient.from_invite(text)``) — ``start()``, ``poll()`` (welcome, frame, reason,
  error, closed), ``send_action(seat, action_json)``, ``ask_why_pick``, ``ask_why_drop``,
  ``undo()``, ``close()``.
- ``net.frames`` — what one connection is sent (``frame_for``) and the phrase/text codecs.
- ``net.remote.RemoteSession`` — the frames read as the session a game screen shows.
- ``net.protocol`` — the protocol version, the JSON codec and its limits, error codes.
- ``net.pinning`` — the host's certificate, the join code that pins it, the invite string.
- ``net.discovery`` — announcing and finding tables on the local network.
"""
