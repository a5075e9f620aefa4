"""The `intake` command: serve the app, run workers, sweep once, manage accounts and sites,
back up, restore and check a data dir."""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import sys
from pathlib import Path

from app import auth, clock, site_import, sites
from app.backup import BackupError
from app.config import ConfigError, Settings
from app.db import open_database
from app.purchase_orders import matching
from app.review import hooks

LOG_FORMAT = "%(asctime)s %(levelname)s %(message)s"


def _serve(settings: Settings, args: argparse.Namespace) -> int:
    import uvicorn

    from app import supervisor
    from app.main import create_app

    open_database(settings.db_path).close()
    children = []  # started in this order, stopped in the reverse: the replica ships last
    if settings.replica_url:
        children.append(supervisor.replica(settings))
    if not args.no_worker:
        children.append(supervisor.worker(settings))
    for child in children:
        child.start()
    try:
        uvicorn.run(
            create_app(settings),
            host=args.host,
            port=args.port,
            log_level="info",
            # X-Forwarded-For and -Proto only from the proxies named: else anyone could
            # claim any address, and the sign-in lockout would count nothing.
            proxy_headers=bool(settings.trusted_proxies),
            forwarded_allow_ips=settings.trusted_proxies or None,
        )
    finally:
        for child in reversed(children):
            child.stop()
    return 0


def _worker(settings: None, args: argparse.Namespace) -> int:
    if args.remote:
        from app.remote_worker import run_remote

        # It reads for another machine's data dir and signs nothing: no key file is made here.
        settings = Settings.from_env(secret_key="unused")  # noqa: S106 - not a key
        return run_remote(settings, args.remote)
    from tasks.worker import run_worker

    run_worker(Settings.from_env(), parent_pid=args.parent_pid)
    return 0


def _sweep(settings: Settings, args: argparse.Namespace) -> int:
    from tasks.huey_app import configure
    from tasks.jobs import run_sweep

    open_database(settings.db_path).close()
    configure(settings)
    report = run_sweep()
    print(report.summary())
    for label, batch_ids in (("reset", report.reset), ("dead", report.dead), ("due", report.due)):
        for batch_id in batch_ids:
            print(f"  {label}: {batch_id}")
    return 0


def _backup(settings: Settings, args: argparse.Namespace) -> int:
    from app import backup

    taken = backup.take_backup(settings, Path(args.dest).resolve(), clock.now(), keep=args.keep)
    print(taken.summary())
    if taken.missing:
        print(
            f"{len(taken.missing)} document(s) named by records were not found and are not in "
            "the backup: " + ", ".join(taken.missing),
            file=sys.stderr,
        )
        return 1
    return 0


def _restore(settings: None, args: argparse.Namespace) -> int:
    from app import restore
    from app.config import data_dir_from_env

    data_dir = data_dir_from_env()
    restored = restore.restore_backup(Path(args.source).resolve(), data_dir)
    counts = restored.manifest["counts"]
    print(
        f"restored {restored.snapshot} (taken {restored.manifest['taken_at']}) into {data_dir}: "
        f"{counts['purchase_orders']} POs, {len(restored.manifest['documents'])} documents"
    )
    print(f"check: {restored.check.summary()}")
    print("Sessions end with a restore: everyone signs in again.")
    return 0 if restored.check.clean else 1


def _check(settings: Settings, args: argparse.Namespace) -> int:
    from app import datacheck

    report = datacheck.check(settings)
    print(f"{settings.data_dir}: {report.summary()}")
    return 0 if report.clean else 1


def _password() -> str:
    password = os.environ.get("INTAKE_PASSWORD")
    if password:
        return password
    first = getpass.getpass("Password: ")
    if first != getpass.getpass("Password again: "):
        raise auth.AccountError("The two passwords are not the same.")
    return first


def _users_create(settings: Settings, args: argparse.Namespace) -> int:
    db = open_database(settings.db_path)
    user_id = auth.create_user(db, args.email, args.role, _password(), clock.now(), name=args.name)
    print(f"created {args.role} {auth.normalise_email(args.email)} ({user_id})")
    return 0


def _user(db, email: str) -> dict:
    user = auth.get_user_by_email(db, email)
    if user is None:
        raise auth.AccountError(f"There is no user with the email {email}.")
    return user


def _tokens_create(settings: Settings, args: argparse.Namespace) -> int:
    db = open_database(settings.db_path)
    token = auth.create_api_token(db, _user(db, args.email)["id"], clock.now(), name=args.name)
    print(token)
    print("Keep this token now: it is stored hashed and cannot be shown again.", file=sys.stderr)
    return 0


def _tokens_list(settings: Settings, args: argparse.Namespace) -> int:
    db = open_database(settings.db_path)
    for token in auth.list_api_tokens(db, _user(db, args.email)["id"]):
        state = f"revoked {token['revoked_at']}" if token["revoked_at"] else "active"
        print(
            f"{token['id']}  {token['prefix']}…  {token['name'] or '-'}  "
            f"created {token['created_at']}  last used {token['last_used_at'] or 'never'}  {state}"
        )
    return 0


def _tokens_revoke(settings: Settings, args: argparse.Namespace) -> int:
    db = open_database(settings.db_path)
    if not auth.revoke_api_token(db, args.token_id, clock.now()):
        print(f"No active token with id {args.token_id}.", file=sys.stderr)
        return 1
    print(f"revoked {args.token_id}")
    return 0


def _sites_add(settings: Settings, args: argparse.Namespace) -> int:
    db = open_database(settings.db_path)
    site_id = sites.add_site(db, args.code, args.name, clock.now())
    print(f"added site {args.code} ({site_id})")
    _settle_site_reviews(db)
    return 0


def _settle_site_reviews(db) -> None:
    matched = matching.give_sites_to_waiting(db, None, clock.now())
    settled = len(matched) + hooks.resolve_site_matches(db, clock.now())
    if settled:
        print(f"{settled} PO(s) waiting for a site now match one")


def _sites_import(settings: Settings, args: argparse.Namespace) -> int:
    db = open_database(settings.db_path)
    text = Path(args.file).read_text(encoding="utf-8-sig")
    added, updated = site_import.import_sites_csv(db, text, clock.now())
    print(f"sites: {added} added, {updated} renamed")
    _settle_site_reviews(db)
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="intake", description=__doc__)
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the web app and one worker")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-worker", action="store_true", help="the web app alone")
    serve.set_defaults(run=_serve)

    worker = commands.add_parser("worker", help="run a worker process")
    worker.add_argument("--parent-pid", type=int, help=argparse.SUPPRESS)
    worker.add_argument(
        "--remote", metavar="URL", help="read for the Intake at URL, over HTTP (another machine)"
    )
    worker.set_defaults(run=_worker, settings=False)  # a remote worker has no data dir

    commands.add_parser("sweep", help="one sweep tick now").set_defaults(run=_sweep)
    backup = commands.add_parser("backup", help="copy the data dir into a backup folder")
    backup.add_argument("dest", help="the backup folder (one snapshot per run inside it)")
    backup.add_argument("--keep", type=int, help="keep only the newest N snapshots")
    backup.set_defaults(run=_backup)
    restore = commands.add_parser("restore", help="fill an empty data dir from a backup")
    restore.add_argument("source", help="a backup folder (its newest snapshot) or one snapshot")
    restore.set_defaults(run=_restore, settings=False)  # must not write into the data dir first
    commands.add_parser("check", help="verify the databases and every document").set_defaults(
        run=_check
    )
    commands.add_parser("migrate", help="bring the database schema up to date").set_defaults(
        run=_migrate
    )

    users = commands.add_parser("users", help="manage users").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    create = users.add_parser(
        "create", help="add a user (password from INTAKE_PASSWORD or a prompt)"
    )
    create.add_argument("email")
    create.add_argument("--role", choices=auth.ROLES, required=True)
    create.add_argument("--name", default="")
    create.set_defaults(run=_users_create)

    tokens = commands.add_parser("tokens", help="manage API tokens").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    token_create = tokens.add_parser("create", help="print a new API token for a user, once")
    token_create.add_argument("email")
    token_create.add_argument("--name", default="")
    token_create.set_defaults(run=_tokens_create)
    token_list = tokens.add_parser("list", help="a user's tokens (never the tokens themselves)")
    token_list.add_argument("email")
    token_list.set_defaults(run=_tokens_list)
    token_revoke = tokens.add_parser("revoke", help="revoke a token by its id")
    token_revoke.add_argument("token_id")
    token_revoke.set_defaults(run=_tokens_revoke)

    site_commands = commands.add_parser("sites", help="manage sites").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    add = site_commands.add_parser("add", help="add a site")
    add.add_argument("code")
    add.add_argument("name")
    add.set_defaults(run=_sites_add)
    load = site_commands.add_parser("import", help="add or rename sites from a CSV (code,name)")
    load.add_argument("file")
    load.set_defaults(run=_sites_import)
    return root


def _migrate(settings: Settings, args: argparse.Namespace) -> int:
    db = open_database(settings.db_path)
    print(f"schema at version {db.conn.execute('PRAGMA user_version').fetchone()[0]}")
    db.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    logging.getLogger("huey").setLevel(logging.WARNING)
    try:
        settings = Settings.from_env() if getattr(args, "settings", True) else None
        return args.run(settings, args)
    except (ConfigError, auth.AccountError, sites.SiteError, BackupError, OSError) as exc:
        print(f"intake: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
