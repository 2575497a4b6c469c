import { Link } from 'react-router';
import { ArrowRight, Check } from 'lucide-react';
import { SectionHeading } from '../../../components/ui/section-heading';

const CARDS = [
  {
    title: 'Furniture Assembly',
    text: 'Flat-pack or fine furniture from any store, assembled to the manufacturer’s spec and anchored where it should be.',
    points: ['Beds and bedroom sets', 'Desks and office furniture', 'Kitchen and dining', 'Entertainment and storage'],
    image: '/images/service-furniture.svg',
    alt: 'Illustration of an assembled bed, dresser and bookcase',
    gallery: '/#furniture-gallery',
  },
  {
    title: 'Mounting Services',
    text: 'TVs, art and mirrors, floating shelves and wall-mounted furniture, secured into the right structure and perfectly level.',
    points: ['TV mounting, cables hidden', 'Artwork and mirrors', 'Floating shelves', 'Wall-mounted furniture'],
    image: '/images/service-mounting.svg',
    alt: 'Illustration of a mounted TV, shelves and framed art',
    gallery: '/#mounting-gallery',
  },
];

export function ServicesOverview() {
  return (
    <section id="services" aria-labelledby="services-heading" className="scroll-mt-16 bg-neutral-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="services-heading" eyebrow="What we do" title="Our Services" lead="Two crafts, one standard: it goes together right and it stays where we put it." />
        <div className="grid gap-8 md:grid-cols-2">
          {CARDS.map((card) => (
            <article key={card.title} className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm">
              <img src={card.image} alt={card.alt} width={640} height={400} loading="lazy" decoding="async" className="h-auto w-full bg-neutral-100" />
              <div className="flex flex-1 flex-col p-6 sm:p-8">
                <h3 className="font-display text-2xl font-bold text-ink-950">{card.title}</h3>
                <p className="mt-3 text-neutral-600">{card.text}</p>
                <ul className="mt-5 grid gap-2 sm:grid-cols-2">
                  {card.points.map((point) => (
                    <li key={point} className="flex items-start gap-2 text-sm text-neutral-700">
                      <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-600" />
                      {point}
                    </li>
                  ))}
                </ul>
                <div className="mt-auto flex flex-wrap gap-4 pt-6">
                  <Link to={card.gallery} className="inline-flex items-center gap-1 font-semibold text-gold-700 hover:text-ink-950" aria-label={`View Gallery: ${card.title}`}>
                    View Gallery <ArrowRight aria-hidden="true" className="h-4 w-4" />
                  </Link>
                  <Link to="/services" className="inline-flex items-center gap-1 font-semibold text-neutral-700 hover:text-ink-950">
                    Learn more<span className="sr-only"> about {card.title}</span>
                  </Link>
                </div>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
