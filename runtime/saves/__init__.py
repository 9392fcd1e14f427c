"""A saved game checked before it is trusted: its shape (shapes), the state
and record it holds (check), a decision pending in it (decisions). A damaged
save is a ``BadSave`` naming the field, never a crash later in play.

May import: waybill.spec, waybill.runtime.engine
"""
