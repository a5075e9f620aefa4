"""The Litestar glue every route shares; nothing here knows about purchase orders or batches.

`auth` is who is asking (their connection, user, guards); `csrf` checks that a
browser's change came from our own pages; `bodies` bounds and reads request
bodies; `templating` renders pages and fragments; `errors` answers what went
wrong in words.
"""

from app.web.auth import (
    DB,
    SESSION_COOKIE,
    Config,
    admin_only,
    admin_views,
    current_user,
)
from app.web.csrf import CSRF_COOKIE, CSRF_HEADER
from app.web.errors import DISK_FULL, found, parse_id
from app.web.templating import HtmxPage, document_file, page, record_file, template_engine

__all__ = [
    "CSRF_COOKIE",
    "CSRF_HEADER",
    "DB",
    "DISK_FULL",
    "HtmxPage",
    "SESSION_COOKIE",
    "Config",
    "admin_only",
    "admin_views",
    "current_user",
    "document_file",
    "found",
    "page",
    "parse_id",
    "record_file",
    "template_engine",
]
