"""The window's part of network play, apart from pygame where it can be.

- :mod:`.remote`: a joined seat's play session, fed by what the host sends (:class:`RemoteSession`).
- :mod:`.remote_log`: that seat's game log, built from the events it receives.
- :mod:`.joining`: an address and a code read from what the player typed, and the join made in the
  background, with one line for what went wrong.
- :mod:`.watch`: what the play screen shows of a table played over the network (whose seat is
  elsewhere, who is awaited, who joined or left).

The network itself (the host as referee, the client) is :mod:`harmonies.net`; finding tables on the
local network is :mod:`harmonies.net.discovery`.
"""
