"""`waybill lsp`: the language server (Language Server Protocol over stdio).

The server is thin wiring (`server.py`) over small parts, each with one job:
`documents` parses a file again one top-level declaration at a time,
`packs` reads a pack's files with the editor's unsaved text in place of the
disk's, `analysis` runs the compiler's own checks on them, `index` finds
every name in the syntax trees, and `hover`, `completion`, `navigation`,
`outline` answer the editor's requests from those. Against hostile input:
`framing` reads stdin's messages without trusting their headers, `stdio`
checks them as JSON-RPC before pygls sees them, `worker` runs the analysis
off the message loop and can stop it, and `limits` holds the bounds.

May import: waybill.api, waybill.dsl, waybill.compiler, waybill.spec
"""
