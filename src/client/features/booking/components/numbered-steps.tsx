/** A dark card with a heading and gold-numbered steps ('How It Works', 'What's Next'). */
export function NumberedSteps({ id, title, steps }: { id: string; title: string; steps: readonly { title: string; text: string }[] }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-ink-950 p-6 text-white">
      <h2 id={id} className="font-display text-xl font-semibold text-gold-300">
        {title}
      </h2>
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gold-400 text-sm font-bold text-ink-950" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <p className="font-semibold">{step.title}</p>
              <p className="mt-0.5 text-sm text-neutral-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
