"""create_app(settings) -> Litestar: the web app, wired from its parts."""

from __future__ import annotations

import logging
import sqlite3

from litestar import Litestar
from litestar.di import Provide
from litestar.exceptions import HTTPException
from litestar.plugins.htmx import HTMXPlugin
from litestar.static_files import create_static_files_router
from litestar.template.config import TemplateConfig

from app import security
from app.config import ROOT, Settings
from app.db import connect, open_database
from app.file_types import UploadRejected
from app.routes import route_handlers
from app.uploads import remove_abandoned
from app.web import auth, bodies, csrf, errors, history, templating
from tasks import huey_app

log = logging.getLogger("intake")


def create_app(settings: Settings | None = None, immediate_tasks: bool = False) -> Litestar:
    """The app for these settings; immediate_tasks runs queued work inline (tests only)."""
    settings = settings or Settings.from_env()
    open_database(settings.db_path).close()
    huey_app.configure(settings, immediate=immediate_tasks)
    logging.getLogger("intake").setLevel(logging.INFO)

    static = create_static_files_router(
        path="/static", directories=[ROOT / "static"], opt={"public": True}, include_in_schema=False
    )
    app = Litestar(
        route_handlers=[*route_handlers, static],
        dependencies={
            "db": Provide(auth.provide_db, sync_to_thread=False),
            "settings": Provide(auth.provide_settings, sync_to_thread=False),
        },
        # Who is asking, then CSRF, on the headers; only then is a form read (in a thread).
        middleware=[
            auth.AuthMiddleware(),
            csrf.CSRFMiddleware(settings.secret_key),
            bodies.FormReader(),
        ],
        request_class=bodies.IntakeRequest,
        request_max_body_size=bodies.FORM,
        plugins=[HTMXPlugin()],
        before_send=[security.add_security_headers, history.keep_the_page_address],
        on_startup=[remove_abandoned_uploads],
        template_config=TemplateConfig(instance=templating.template_engine(settings)),
        exception_handlers={
            HTTPException: errors.handle_http_error,
            UploadRejected: errors.handle_upload_rejected,
            sqlite3.OperationalError: errors.handle_database_error,
            Exception: errors.handle_unexpected,
        },
        openapi_config=None,
        logging_config=None,  # the `intake` command configures logging, one format for all
        debug=False,
    )
    app.state.settings = settings
    return app


def remove_abandoned_uploads(app: Litestar) -> None:
    """At start-up: files a killed web process left in files/incoming (see app.uploads)."""
    settings: Settings = app.state.settings
    db = connect(settings.db_path, settings.busy_timeout_ms)
    try:
        removed = remove_abandoned(db, settings)
    finally:
        db.close()
    if removed:
        log.warning("removed %d abandoned upload(s): %s", len(removed), ", ".join(removed))
