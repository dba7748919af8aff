import json

from django.core.management.base import BaseCommand, CommandError

from assistant.evaluation import evaluate, format_report


class Command(BaseCommand):
    help = "Runs the assistant engine on a data set (business.json, messages.jsonl, dialogues.jsonl) and scores it."

    def add_arguments(self, parser):
        parser.add_argument("directory")
        parser.add_argument("--verbose", action="store_true", help="print every failure with the reply and why")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args, **options):
        try:
            report = evaluate(options["directory"])
        except FileNotFoundError as exc:
            raise CommandError(f"Missing file: {exc.filename}") from exc
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(format_report(report, verbose=options["verbose"]))
