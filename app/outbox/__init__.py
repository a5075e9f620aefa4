"""The outbox: writes to other systems, queued with the change they report, delivered once.

`states.py` is the pure state machine; `store.py` owns the outbox tables;
`sender.py` claims due writes and delivers them through an adapter per
system (`accounting.py`, `alerts.py`) over `transport.py`; `systems.py` says
which systems this installation uses; `page.py` is what /outbox shows.
"""
