"""manage.py assistant_train: retrain the shipped intent model from the corpus and the extra sets."""

from django.core.management.base import BaseCommand

from assistant import learning
from assistant.engine.model import ARTEFACT


class Command(BaseCommand):
    help = (
        "Trains the intent model on every business of assistant/corpus and the labelled sets of "
        "assistant/tests/data, and writes the shipped artefact (assistant/engine/data/intent_model.json.gz). "
        "Deterministic: the same corpus gives the same bytes."
    )

    def handle(self, *args, **options):
        model = learning.train_shipped(ARTEFACT)
        meta = model.meta
        self.stdout.write(
            f"Intent model: {meta['examples']} messages from {len(meta['businesses'])} businesses, "
            f"{meta['features']} features, written to {ARTEFACT.relative_to(learning.CORPUS.parents[1])} "
            f"({ARTEFACT.stat().st_size // 1024} KB)"
        )
