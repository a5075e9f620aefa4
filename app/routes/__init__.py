"""HTTP routes, one module per area; each exports `route_handlers`."""

from app.routes import (
    account,
    api,
    batches,
    delivery_notes,
    extraction,
    home,
    imports,
    layouts,
    ops,
    outbox,
    password,
    purchasing,
    review,
    sites,
    users,
    work_logs,
)

route_handlers = [
    *account.route_handlers,
    *password.route_handlers,
    *home.route_handlers,
    *batches.route_handlers,
    *purchasing.route_handlers,
    *delivery_notes.route_handlers,
    *api.route_handlers,
    *extraction.route_handlers,
    *sites.route_handlers,
    *users.route_handlers,
    *review.route_handlers,
    *ops.route_handlers,
    *layouts.route_handlers,
    *imports.route_handlers,
    *work_logs.route_handlers,
    *outbox.route_handlers,
]
