import { Link } from 'react-router';
import { ArrowRight, Armchair, BedDouble, Briefcase, Check, Frame, LibraryBig, PanelTop, Tv, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { SectionHeading } from '../../components/ui/section-heading';
import { PageHero } from '../../components/ui/page-hero';
import { ClosingCta } from '../../features/home/components/closing-cta';
import { useActiveServices } from '../../lib/services';
import { durationText } from '../../../shared/duration-text';
import { formatCents } from '../../../shared/money';
import { PAGE_META, usePageMeta } from '../meta';

interface ServiceCard {
  Icon: LucideIcon;
  title: string;
  text: string;
  points: string[];
}

const ASSEMBLY: ServiceCard[] = [
  { Icon: BedDouble, title: 'Beds & Bedroom', text: 'Platform, storage, bunk and loft beds, dressers, nightstands and wardrobe systems.', points: ['Bed frames of every size', 'Dressers and nightstands', 'PAX and wardrobe systems'] },
  { Icon: Briefcase, title: 'Desks & Office', text: 'Home offices and workplaces set up to work in the same day, cables tidied.', points: ['Standing and L-shaped desks', 'Office chairs and filing', 'Conference tables'] },
  { Icon: UtensilsCrossed, title: 'Kitchen & Dining', text: 'Tables that do not wobble and chairs that stay tight, plus carts, islands and bar stools.', points: ['Dining tables and chairs', 'Kitchen islands and carts', 'Bar stools and buffets'] },
  { Icon: LibraryBig, title: 'Entertainment & Storage', text: 'Media consoles, bookcases and shelving, anchored to the wall for earthquake safety.', points: ['TV stands and consoles', 'Bookcases and shelving', 'Anti-tip anchoring included'] },
];

const MOUNTING: ServiceCard[] = [
  { Icon: Tv, title: 'TV Mounting', text: 'Fixed, tilting or full-motion mounts on drywall, brick or concrete, at the right viewing height.', points: ['Any size, into studs or masonry', 'Cables hidden in-wall or in raceway', 'Soundbars and streaming boxes'] },
  { Icon: Frame, title: 'Artwork & Mirrors', text: 'Single statement pieces and whole gallery walls, hung level with even spacing.', points: ['Gallery walls laid out first', 'Heavy mirrors on French cleats', 'Plaster-safe hardware'] },
  { Icon: PanelTop, title: 'Floating Shelves', text: 'Hidden-bracket shelves sized for what they will hold, from plants to a whole library.', points: ['Hidden steel brackets', 'Load-rated anchors', 'Perfectly level runs'] },
  { Icon: Armchair, title: 'Wall-Mounted Furniture', text: 'Floating desks, cabinets, nightstands and fold-down tables secured for daily use.', points: ['Floating desks and vanities', 'Wall cabinets and cubbies', 'Fold-down and Murphy units'] },
];

function ServiceGrid({ cards }: { cards: ServiceCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ Icon, title, text, points }) => (
        <li key={title} className="flex flex-col rounded-xl border border-neutral-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
          <span className="grid h-12 w-12 place-items-center rounded-lg bg-ink-950 text-gold-400">
            <Icon aria-hidden="true" className="h-6 w-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-ink-950">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-neutral-600">{text}</p>
          <ul className="mt-4 grid gap-1.5">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-2 text-sm text-neutral-700">
                <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-600" />
                {point}
              </li>
            ))}
          </ul>
          <Link to="/book" aria-label={`Book This Service: ${title}`} className="mt-auto inline-flex items-center gap-1 pt-5 font-semibold text-gold-700 hover:text-ink-950">
            Book This Service <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The owner's services with their starting prices and time on site (GET /api/services). */
function PriceList() {
  const { data: services } = useActiveServices();
  if (!services?.length) return null;
  return (
    <section id="prices" aria-labelledby="prices-heading" className="scroll-mt-16 bg-neutral-50 py-16 sm:py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading id="prices-heading" eyebrow="Clear pricing" title="Prices & Time on Site" lead="Starting prices. We confirm the price of your job with you before we begin." />
        <ul className="grid gap-4 sm:grid-cols-2">
          {services.map((s) => (
            <li key={s.slug} className="flex flex-col rounded-xl border border-neutral-200 bg-white p-5 shadow-sm">
              <div className="flex items-baseline justify-between gap-3">
                <h3 className="text-lg font-semibold text-ink-950">{s.name}</h3>
                <p className="shrink-0 font-display text-xl font-bold text-gold-800">
                  <span className="text-sm font-sans font-medium text-neutral-600">From </span>
                  {formatCents(s.price)}
                </p>
              </div>
              <p className="mt-2 text-sm leading-relaxed text-neutral-700">{s.description}</p>
              <p className="mt-3 text-sm font-medium text-neutral-800">Time on site: about {durationText(s.durationMinutes)}</p>
              {s.slug === 'custom-project' && (
                <a href="/estimate" className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-gold-800 underline underline-offset-2 hover:text-ink-950">
                  Get a free estimate from photos <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </a>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function ServicesPage() {
  usePageMeta(PAGE_META['/services']);
  return (
    <>
      <PageHero
        eyebrow="Furniture assembly · TV & wall mounting"
        title="Our Services"
        lead="From a single bookcase to a whole office, and from one TV to a full gallery wall: careful, insured work across Santa Monica, West LA and Venice, 7 days a week."
      >
        <nav aria-label="Service categories" className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/services#furniture-assembly" className="rounded-full border border-gold-400/60 px-4 py-2 text-sm font-semibold text-gold-200 hover:bg-gold-400 hover:text-ink-950">
            Furniture Assembly
          </Link>
          <Link to="/services#mounting" className="rounded-full border border-gold-400/60 px-4 py-2 text-sm font-semibold text-gold-200 hover:bg-gold-400 hover:text-ink-950">
            Mounting
          </Link>
        </nav>
      </PageHero>

      <section id="furniture-assembly" aria-labelledby="assembly-heading" className="scroll-mt-16 bg-neutral-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="assembly-heading" eyebrow="Built right" title="Furniture Assembly" lead="Any brand, any room. We bring the tools, follow the spec, and haul the packaging away." />
          <ServiceGrid cards={ASSEMBLY} />
        </div>
      </section>

      <section id="mounting" aria-labelledby="mounting-heading" className="scroll-mt-16 bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="mounting-heading" eyebrow="Level and secure" title="Mounting Services" lead="We find the structure behind the wall and use hardware rated for the load, so it stays put." />
          <ServiceGrid cards={MOUNTING} />
        </div>
      </section>

      <PriceList />

      <ClosingCta />
    </>
  );
}
