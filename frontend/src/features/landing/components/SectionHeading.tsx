export function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-3 text-lg text-slate-600">{lead}</p>
    </div>
  );
}
