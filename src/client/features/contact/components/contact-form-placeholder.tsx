/** The form's footprint while its code loads on a client-side navigation. */
export function ContactFormPlaceholder() {
  return <div aria-busy="true" className="min-h-[560px] rounded-2xl border border-neutral-200 bg-white sm:min-h-[480px]" />;
}
