/** Questions the assistant answers word for word, in French and in English. */
import { HelpCircle, Plus, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { Button } from "@/components/Button";
import { FieldShell, TextField, inputClasses } from "@/components/Field";
import { toast } from "@/components/toast";
import { EmptyState } from "@/components/states";
import type { ApiError } from "@/lib/errors";
import { getErrorMessage } from "@/lib/errors";

import { useCreateFaq } from "../api/create-faq";
import { useDeleteFaq } from "../api/delete-faq";
import type { FaqItem } from "../types";
import { SectionCard } from "./ProfileCards";

function FaqForm({ onDone }: { onDone: () => void }) {
  const create = useCreateFaq();
  const answerId = useId();
  const answerEnId = useId();
  const [form, setForm] = useState({ question: "", answer: "", answer_en: "" });
  const errors = (create.error as ApiError | null)?.errors ?? {};
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(form, {
      onSuccess: () => {
        toast.success("Question ajoutée");
        onDone();
      },
    });
  };
  return (
    <form onSubmit={onSubmit} className="mb-4 space-y-3 rounded-lg bg-slate-50 p-3" noValidate>
      <TextField label="Question" name="question" value={form.question} onChange={set("question")} error={errors.question?.[0]} />
      <FieldShell id={answerId} label="Réponse" error={errors.answer?.[0]}>
        <textarea id={answerId} name="answer" rows={2} value={form.answer} onChange={set("answer")} className={inputClasses(!!errors.answer)} />
      </FieldShell>
      <FieldShell id={answerEnId} label="Réponse en anglais" optional>
        <textarea id={answerEnId} name="answer_en" rows={2} value={form.answer_en} onChange={set("answer_en")} className={inputClasses(false)} />
      </FieldShell>
      {create.error && !Object.keys(errors).length ? <p className="text-sm text-red-600">{getErrorMessage(create.error)}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" loading={create.isPending}>
          Ajouter
        </Button>
      </div>
    </form>
  );
}

export function FaqCard({ faq }: { faq: FaqItem[] }) {
  const [adding, setAdding] = useState(false);
  const remove = useDeleteFaq();
  const onDelete = (item: FaqItem) => {
    if (!window.confirm(`Supprimer la question « ${item.question} » ?`)) return;
    remove.mutate(item.index, { onError: (error) => toast.error("Suppression impossible", getErrorMessage(error)) });
  };
  return (
    <SectionCard id="shop-faq" title="Questions fréquentes" description="L'assistant reprend ces réponses telles quelles.">
      {!adding && (
        <div className="mb-3 flex justify-end">
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Ajouter une question
          </Button>
        </div>
      )}
      {adding && <FaqForm onDone={() => setAdding(false)} />}
      {faq.length === 0 && !adding ? (
        <EmptyState icon={HelpCircle} title="Aucune question pour le moment">
          Retours, crédit, grosses commandes, reçus : écrivez une fois la réponse aux questions qu'on vous pose souvent.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="faq-list">
          {faq.map((item) => (
            <li key={`${item.index}-${item.question}`} className="flex items-start gap-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{item.question}</p>
                <p className="mt-1 text-sm break-words text-slate-700">{item.answer}</p>
                {item.answer_en && <p className="mt-1 text-sm break-words text-slate-500 italic" lang="en">{item.answer_en}</p>}
              </div>
              <Button variant="ghost" onClick={() => onDelete(item)} aria-label={`Supprimer la question ${item.question}`}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
