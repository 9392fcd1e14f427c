"""The compiled engine: Python generated from the checked IR and compiled in
memory (DESIGN.md, principle 2): the code of every block and expression
(pygen, from writers by concern: pyconst, pyfacts, pyreads, pyagg, pyexpr,
pyquantity, pyinstr, pysegment; pyhelpers is what the code calls), the
listing checks (pylisting), the types and folding of expressions they rely
on (exprtypes, exprfold); ``install`` puts it in place.

May import: waybill.spec, waybill.runtime.engine
"""
