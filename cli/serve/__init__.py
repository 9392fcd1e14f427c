"""`waybill serve`: games over HTTP, WebSocket and JSON lines (docs/PROTOCOL.md)."""

from .store import Pack, Refused, Store, offer

__all__ = ["Pack", "Refused", "Store", "offer"]
