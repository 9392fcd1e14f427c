"""The machine that plays a rules program: the state and its record, the
frames and the run loop (interpreter), the instructions and primitives the
IR is compiled to (codegen), events, triggers and modifiers, decisions and
what is legal now (legality), randomness, handles and the layout of slots.

The interpreter here is the reference the compiled engine is tested against.

May import: waybill.spec
"""
