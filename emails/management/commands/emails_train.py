"""manage.py emails_train: retrain the shipped mail model from the labelled corpus."""

from django.core.management.base import BaseCommand, CommandError

from emails import learning
from emails.understanding.model import ARTEFACT


class Command(BaseCommand):
    help = (
        "Trains the mail model (category and priority) on every mail of emails/corpus and writes the shipped "
        "artefact (emails/understanding/data/mail_model.json.gz). Deterministic: the same corpus gives the same bytes."
    )

    def handle(self, *args, **options):
        try:
            model = learning.train_shipped(ARTEFACT)
        except learning.CorpusError as exc:
            raise CommandError(f"Le corpus est invalide :\n{exc}") from None
        meta = model.meta
        self.stdout.write(
            f"Mail model: {meta['examples']} mails from {len(meta['businesses'])} kinds of business, "
            f"{meta['features']} features, written to {ARTEFACT.relative_to(learning.CORPUS.parents[1])} "
            f"({ARTEFACT.stat().st_size // 1024} KB)"
        )
