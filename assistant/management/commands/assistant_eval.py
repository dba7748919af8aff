import json
from dataclasses import replace
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from assistant.evaluation import DataSetError, evaluate, format_report, load_dir
from assistant.llm import llm_configured, llm_polish


def _refused(directory: str, error: DataSetError) -> CommandError:
    """The data set's faults, in French, as the command's error (exit status 1, no traceback)."""
    return CommandError(f"Le jeu de données {directory} est invalide :\n" + "\n".join(error.problems))


class Command(BaseCommand):
    help = (
        "Runs the assistant engine on a data set (business.json, messages.jsonl, dialogues.jsonl) and scores it; "
        "with --by-business, leave-one-business-out over a corpus of such folders."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory")
        parser.add_argument("--verbose", action="store_true", help="print every failure with the reply and why")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument(
            "--llm",
            action="store_true",
            help="run every reply through the language model (ASSISTANT_LLM_URL / ASSISTANT_LLM_MODEL), "
            "the engine's reply standing in wherever the model's is refused",
        )
        parser.add_argument(
            "--rules-only", action="store_true", help="score the rule cascade alone, without the learned model"
        )
        parser.add_argument(
            "--by-business",
            action="store_true",
            help="DIRECTORY is a corpus: for each business, train the intent model on all the others and score "
            "the one left out, beside the rule cascade alone",
        )
        parser.add_argument(
            "--extra",
            action="append",
            default=[],
            help="with --by-business: more labelled folders (or roots of folders) to train on, never scored",
        )

    def handle(self, *args, **options):
        directory = options["directory"]
        if options["by_business"]:
            return self.by_business(directory, options)
        polish, outcomes = None, []
        if options["llm"]:
            if not llm_configured():
                raise CommandError("--llm needs ASSISTANT_LLM_URL and ASSISTANT_LLM_MODEL")

            def polish(knowledge, turn, history, text):
                outcome = llm_polish(knowledge=knowledge, turn=turn, history=history, text=text)
                outcomes.append(outcome)
                return replace(turn, replies=outcome.replies)

        engine = {"model": None} if options["rules_only"] else {}
        try:
            report = evaluate(directory, polish=polish, **engine)
        except DataSetError as exc:
            raise _refused(directory, exc) from None
        if outcomes:
            latencies = sorted(outcome.latency_ms for outcome in outcomes)
            report["llm"] = {
                "replies": len(outcomes),
                "model_replies": sum(outcome.used_model for outcome in outcomes),
                "fallbacks": sum(bool(outcome.fallback) for outcome in outcomes),
                "calls": sum(outcome.calls for outcome in outcomes),
                "tokens": sum(outcome.prompt_tokens + outcome.completion_tokens for outcome in outcomes),
                "p50_ms": latencies[len(latencies) // 2],
                "p95_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))],
            }
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(format_report(report, verbose=options["verbose"]))
            if "llm" in report:
                llm = report["llm"]
                self.stdout.write(
                    f"language model: {llm['model_replies']}/{llm['replies']} replies in its words, "
                    f"{llm['fallbacks']} fallbacks to the engine, {llm['calls']} calls, {llm['tokens']} tokens, "
                    f"p50 {llm['p50_ms']} ms, p95 {llm['p95_ms']} ms"
                )

    def by_business(self, directory: str, options) -> None:
        from assistant.evaluation import format_lobo
        from assistant.learning import business_folders, leave_one_business_out

        folders = business_folders(Path(directory), *(Path(p) for p in options["extra"]))
        if not folders:
            raise CommandError(f"Aucun dossier avec un business.json dans {directory}.")
        # Every folder is checked before the first model is trained: training reads them unchecked.
        for folder in folders:
            try:
                load_dir(folder)
            except DataSetError as exc:
                raise _refused(str(folder), exc) from None
        report = leave_one_business_out(Path(directory), [Path(p) for p in options["extra"]])
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(format_lobo(report, verbose=options["verbose"]))
