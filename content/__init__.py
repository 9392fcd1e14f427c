"""The shipped packs, as package data: one folder a pack (weds/, badlands/,
warfare/), each with its .wb files, scenarios, catalogues and README.

May import: nothing
"""
