"""manage.py emails_eval: category and priority accuracy, summary checks and order lines, measured by
leaving one business kind out (never on the mails the model was trained on)."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from emails import learning


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def format_report(report: dict, *, verbose: bool = False) -> str:
    t = report["totals"]
    if report["folds"]:
        lines = ["Leave one business kind out (train on the others, score the one left out)", ""]
        lines.append(f"{'business':<24}{'mails':>6}{'category':>10}{'priority':>10}{'train s':>9}")
    else:
        lines = ["Sealed set, scored by the model trained on the whole corpus"]
    for f in report["folds"]:
        lines.append(
            f"{f['business']:<24}{f['mails']:>6}{pct(f['category']):>10}{pct(f['priority']):>10}"
            f"{f['train_seconds']:>9.1f}"
        )
    lines += [
        "",
        f"mails                      {t['mails']}",
        f"category accuracy          {pct(t['category_accuracy'])}",
        f"priority accuracy          {pct(t['priority_accuracy'])}",
        f"summary: key facts kept    {pct(t['facts_kept'])} of {t['facts']}",
        f"summary: in French         {pct(t['french'])}",
        f"summary: 1 to 3 sentences  {pct(t['short'])}",
        f"summary: no invented number {pct(t['no_invented_number'])}",
        f"order lines found          {pct(t['order_lines_found'])} of {t['order_lines_expected']} "
        f"({t['order_lines_extra']} extra)",
        f"parse + understand         p50 {t['p50_ms']:.1f} ms, p95 {t['p95_ms']:.1f} ms",
    ]
    results = report["results"]
    confusion: dict[tuple[str, str], int] = {}
    for r in results:
        if r["category"] != r["predicted_category"]:
            key = (r["category"], r["predicted_category"])
            confusion[key] = confusion.get(key, 0) + 1
    if confusion:
        lines += ["", "category errors (expected → predicted):"]
        for (a, b), n in sorted(confusion.items(), key=lambda kv: -kv[1]):
            lines.append(f"  {a} → {b}: {n}")
    if verbose:
        lines += ["", "failures:"]
        for r in results:
            c = r["checks"]
            wrong = []
            if r["category"] != r["predicted_category"]:
                wrong.append(f"category {r['category']}→{r['predicted_category']}")
            if r["priority"] != r["predicted_priority"]:
                wrong.append(f"priority {r['priority']}→{r['predicted_priority']}")
            if c["lost"]:
                wrong.append(f"lost {c['lost']}")
            if c["invented"]:
                wrong.append(f"invented {c['invented']}")
            if not c["short"]:
                wrong.append(f"{c['sentences']} sentences")
            if wrong:
                lines.append(f"  {r['id']}: {'; '.join(wrong)}\n      {r['summary']}")
    return "\n".join(lines)


class Command(BaseCommand):
    help = (
        "Scores the offline mail understanding on the labelled corpus (emails/corpus): for each kind of business, "
        "trains on the others and scores it. Prints category and priority accuracy, the summary checks (key facts "
        "kept, French, at most 3 sentences, no invented number), the order lines found and the time per mail."
    )

    def add_arguments(self, parser):
        parser.add_argument("--corpus", default=str(learning.CORPUS), help="a folder of *.jsonl labelled mails")
        parser.add_argument(
            "--sealed",
            action="store_true",
            help="score the sealed set (emails/corpus/sealed) with the model trained on the whole corpus",
        )
        parser.add_argument("--verbose", action="store_true", help="print every mistake with its summary")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args, **options):
        try:
            if options["sealed"]:
                report = learning.sealed(learning.SEALED, Path(options["corpus"]))
            else:
                report = learning.cross_validate(Path(options["corpus"]))
        except learning.CorpusError as exc:
            raise CommandError(f"Le corpus est invalide :\n{exc}") from None
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(format_report(report, verbose=options["verbose"]))
