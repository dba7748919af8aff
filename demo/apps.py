from django.apps import AppConfig


class DemoConfig(AppConfig):
    """``manage.py seed_demo``: the demo account and its sample data, written through the other apps'
    services. It sits above every app, so that ``core`` (plumbing) depends on none of them."""

    name = "demo"
    verbose_name = "démonstration"
