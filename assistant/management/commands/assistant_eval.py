import json
from dataclasses import replace

from django.core.management.base import BaseCommand, CommandError

from assistant.evaluation import evaluate, format_report
from assistant.llm import llm_configured, llm_polish


class Command(BaseCommand):
    help = "Runs the assistant engine on a data set (business.json, messages.jsonl, dialogues.jsonl) and scores it."

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

    def handle(self, *args, **options):
        polish, outcomes = None, []
        if options["llm"]:
            if not llm_configured():
                raise CommandError("--llm needs ASSISTANT_LLM_URL and ASSISTANT_LLM_MODEL")

            def polish(knowledge, turn, history, text):
                outcome = llm_polish(knowledge=knowledge, turn=turn, history=history, text=text)
                outcomes.append(outcome)
                return replace(turn, replies=outcome.replies)

        try:
            report = evaluate(options["directory"], polish=polish)
        except FileNotFoundError as exc:
            raise CommandError(f"Missing file: {exc.filename}") from exc
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
