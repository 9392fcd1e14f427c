"""The Waybill language: the Lark grammar (waybill.lark), the parser and its
tables, the syntax tree with source spans, diagnostics, the formatter, and
the cache of parsed files.

May import: waybill.spec
"""
