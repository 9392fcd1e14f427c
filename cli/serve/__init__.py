"""`waybill serve`: games over HTTP, WebSocket and JSON lines (docs/PROTOCOL.md).

May import: waybill.api, waybill.compiler, waybill.spec
"""

from .store import Pack, Refused, Store, offer

__all__ = ["Pack", "Refused", "Store", "offer"]
