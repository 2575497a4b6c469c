import { BadgeCheck, CalendarCheck, ShieldCheck, Wrench } from 'lucide-react';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useBusiness } from '../../../lib/site-config';

/** The reasons, the first with the owner's years in business. */
const features = (yearsInBusiness: number | undefined) => [
  {
    Icon: BadgeCheck,
    title: `${yearsInBusiness}+ Years of Experience`,
    text: 'Thousands of pieces built and hung across the Westside. We have seen every instruction sheet and every kind of wall.',
  },
  {
    Icon: Wrench,
    title: 'Professional Tools',
    text: 'Stud finders, laser levels, masonry bits and the right anchors for plaster, drywall, brick and concrete.',
  },
  {
    Icon: CalendarCheck,
    title: 'Easy Online Scheduling',
    text: 'Pick a time online 7 days a week; your appointment lands straight in your calendar with a reminder.',
  },
  {
    Icon: ShieldCheck,
    title: 'Satisfaction Guaranteed',
    text: 'Free estimates, upfront pricing, and we come back to make it right if anything is not.',
    /** The words of `text` that link to the free estimate from photos (the text itself unchanged). */
    link: { words: 'Free estimates', href: '/estimate' },
  },
];

/** The text, with its `link` words (at its start) made a link. */
function FeatureText({ text, link }: { text: string; link?: { words: string; href: string } }) {
  if (!link || !text.startsWith(link.words)) return text;
  return (
    <>
      <a href={link.href} className="font-semibold text-gold-800 underline underline-offset-2 hover:text-ink-950">
        {link.words}
      </a>
      {text.slice(link.words.length)}
    </>
  );
}

export function WhyChooseUs() {
  const yearsInBusiness = useBusiness()?.yearsInBusiness;
  return (
    <section aria-labelledby="why-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="why-heading" eyebrow="Why choose us" title="Done Right, the First Time" lead="A local pro you can trust in your home, from the first message to the last screw." />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features(yearsInBusiness).map(({ Icon, title, text, link }) => (
            <li key={title} className="rounded-xl border border-neutral-200 bg-neutral-50 p-6 transition-shadow hover:shadow-md">
              <span className="grid h-12 w-12 place-items-center rounded-lg bg-ink-950 text-gold-400">
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink-950">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-neutral-600">
                <FeatureText text={text} link={link} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
