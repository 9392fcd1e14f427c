"""The words of a rules program in one language: the catalogues (Project
Fluent) of the engine and the packs (catalogue), and everything a view says
in that language (words). Message ids themselves are ``waybill.spec.messages``.

May import: waybill.spec, waybill.runtime.engine
"""
