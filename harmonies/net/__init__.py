"""Play over the network: a host whose engine referees, and clients that each play one seat.

No pygame here. The host (:mod:`.host`) is a play session that listens for the players of its
remote seats; the client (:mod:`.client`) joins a seat and receives only that seat's view
(:mod:`.wire`); the messages are JSON lines (:mod:`.protocol`). docs/network.md describes the
protocol, the transport and what is and is not protected.
"""

from .client import Client, ClientEvent, Closed, Finished, JoinError, Refusal, SeatsChanged, Update
from .host import NetSession, host_table, is_hosted, resume_table
from .protocol import PROTOCOL_VERSION, ProtocolError
from .remote import REMOTE, NetNotice, RemoteSeat, SeatStatus

__all__ = [
    "Client", "ClientEvent", "Closed", "Finished", "JoinError", "Refusal", "SeatsChanged", "Update",
    "NetSession", "host_table", "is_hosted", "resume_table",
    "PROTOCOL_VERSION", "ProtocolError",
    "REMOTE", "NetNotice", "RemoteSeat", "SeatStatus",
]
