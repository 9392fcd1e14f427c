"""What one seat may see. Everything a seat gets passes through one filter
(``filter.Sight``): its view (view), the pack's declared display (display),
the actions it cannot take now and why (whynot), the reader bots use
(reader) and a state sampled from its view for search bots (determinise).

May import: waybill.spec, waybill.runtime.engine, waybill.runtime.text
"""
