"""Benchmark of the nightly forecasts: ``python -m analytics.bench --accounts 50 --workers 2``
(``make bench-forecast``).

Creates ``--accounts`` pro accounts, each with the demo shop's nine products and a year of orders
(``demo.history``, the same generator as seed_demo's: about 3 000 orders and 4 000 lines each),
then runs the nightly task's per-account work (``forecast_compute`` + ``restock_check``) in
``--workers`` processes, as Celery workers would, and prints the time per account and the
extrapolation to 1 000 accounts. The bench accounts (``bench-*@bench.flux-ia.invalid``) are
deleted at the end. It writes to the database of ``DATABASE_URL``: never point it at production.
"""

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

TARGET_ACCOUNTS = 1000
TARGET_SECONDS = 600
EMAIL = "bench-{index}@bench.flux-ia.invalid"


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _create_accounts(count: int) -> list[int]:
    from django.utils import timezone

    from accounts.models import User
    from catalog.models import Product
    from demo.management.commands.seed_demo import seed_order_history

    shop = json.loads((Path(__file__).resolve().parents[1] / "shop" / "demo" / "demo_shop.json").read_text())
    ids = []
    now = timezone.now()
    for index in range(count):
        user = User.objects.create_user(
            adresse_email=EMAIL.format(index=index),
            password=None,
            prenom="Banc",
            nom=f"Essai {index}",
            pays="Côte d'Ivoire",
            numero_telephone="+2250700000000",
            compte_verifie=True,
            otp_verified=True,
        )
        User.objects.filter(pk=user.pk).update(plan_abonnement="pro", statut_abonnement="actif")
        Product.objects.bulk_create(
            Product(
                owner=user,
                position=position,
                stock_quantity=40,
                **{key: item[key] for key in ("sku", "name", "description", "price", "unit", "in_stock")},
            )
            for position, item in enumerate(shop["products"])
        )
        seed_order_history(user, now=now)
        ids.append(user.pk)
    return ids


def _work(account_ids: list[int]) -> list[float]:
    from django.db import connections

    connections.close_all()  # a forked child opens its own connection
    from accounts.models import User
    from analytics.tasks import forecast_account

    timings = []
    for account_id in account_ids:
        started = time.perf_counter()
        forecast_account.run(account_id=account_id)
        timings.append(time.perf_counter() - started)
    User.objects.none()
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--accounts", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="Keep the bench accounts afterwards.")
    args = parser.parse_args(argv)
    _setup()
    from django.db import connections

    from accounts.models import User

    User.objects.filter(adresse_email__endswith="@bench.flux-ia.invalid").delete()
    started = time.perf_counter()
    ids = _create_accounts(args.accounts)
    print(f"{args.accounts} comptes avec un an de commandes créés en {time.perf_counter() - started:.1f} s")
    import statsforecast.models  # noqa: F401 - imported once before forking, as a worker does at start

    connections.close_all()
    chunks = [ids[index :: args.workers] for index in range(args.workers)]
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        timings = [seconds for chunk in pool.map(_work, chunks) for seconds in chunk]
    wall = time.perf_counter() - started
    per_account = wall / len(ids)
    projected = per_account * TARGET_ACCOUNTS
    timings.sort()
    print(
        f"Prévisions de {len(ids)} comptes avec {args.workers} processus : {wall:.1f} s "
        f"(par compte : médiane {timings[len(timings) // 2]:.2f} s, max {timings[-1]:.2f} s)"
    )
    print(
        f"Projection pour {TARGET_ACCOUNTS} comptes : {projected / 60:.1f} min "
        f"({'sous' if projected < TARGET_SECONDS else 'au-dessus de'} l'objectif de {TARGET_SECONDS // 60} min)"
    )
    if not args.keep:
        User.objects.filter(adresse_email__endswith="@bench.flux-ia.invalid").delete()
    return 0 if projected < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.exit(main())
