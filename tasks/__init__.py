"""Intake's Huey: the messenger between the web app and the worker processes.

`huey_app.py` holds the instance, `jobs.py` the tasks; `intake worker` imports both.
"""
