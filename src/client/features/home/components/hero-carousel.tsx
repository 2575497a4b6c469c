import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button-styles';
import { useCarousel } from '../../../components/ui/use-carousel';

export const HERO_INTERVAL_MS = 2000;

/** The slides, the third with the owner's years in business. */
const heroSlides = (yearsInBusiness: number | undefined) => [
  {
    title: 'Expert Furniture Assembly',
    text: 'Beds, desks, dining sets, wardrobes and more, built level, square and secure by a pro who does it every day.',
    cta: 'Book Assembly',
    image: '/images/hero-assembly.svg',
  },
  {
    title: 'Professional TV Mounting',
    text: 'TVs, art, mirrors and shelves anchored into studs, brick or concrete, with the cables hidden and the lines dead level.',
    cta: 'Book Mounting',
    image: '/images/hero-tv.svg',
  },
  {
    title: `${yearsInBusiness}+ Years of Excellence`,
    text: 'Hundreds of homes and offices across Santa Monica, West LA and Venice, with free estimates and satisfaction guaranteed.',
    cta: 'Book Your Project',
    image: '/images/hero-excellence.svg',
  },
];

/**
 * The home page's opening: three slides, every 2 s, with dots, arrows, keys and a pause button.
 * An island: the owner's tagline and years come as props.
 */
export function HeroCarousel({ tagline, yearsInBusiness }: { tagline?: string; yearsInBusiness?: number }) {
  const slides = heroSlides(yearsInBusiness);
  const { index, go, next, previous, paused, playing, togglePaused, containerProps } = useCarousel(slides.length, HERO_INTERVAL_MS);

  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="relative overflow-hidden bg-ink-950 text-white" {...containerProps}>
      <div aria-hidden="true" className="pointer-events-none absolute -right-32 -top-32 h-96 w-96 rounded-full bg-gold-400/10 blur-3xl" />
      <div className="relative mx-auto max-w-7xl px-4 pb-8 pt-10 sm:px-6 lg:pb-12 lg:pt-16">
        <h1 className="mb-6 max-w-xl text-xs font-semibold uppercase leading-relaxed tracking-[0.2em] text-gold-300">{tagline}</h1>

        <div className="grid" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, i) => {
            const active = i === index;
            return (
              <div
                key={slide.title}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                className={`grid items-center gap-8 transition-opacity duration-500 [grid-area:1/1] md:grid-cols-2 ${active ? 'visible opacity-100' : 'invisible opacity-0'}`}
              >
                <div>
                  <h2 className="font-display text-4xl font-bold leading-tight text-white sm:text-5xl lg:text-6xl">{slide.title}</h2>
                  <p className="mt-5 max-w-xl text-base text-neutral-300 sm:text-lg">{slide.text}</p>
                  <div className="mt-8 flex flex-wrap gap-3">
                    <a href="/book" className={buttonClass('gold', 'lg')}>
                      {slide.cta}
                    </a>
                    <a href="/contact" className={buttonClass('outline-light', 'lg')}>
                      Contact Us
                    </a>
                  </div>
                </div>
                <img
                  src={slide.image}
                  alt=""
                  width={560}
                  height={420}
                  decoding="async"
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  className="hidden h-auto w-full max-w-xl justify-self-end rounded-2xl border border-gold-400/20 shadow-2xl shadow-black/50 md:block"
                />
              </div>
            );
          })}
        </div>

        <div className="mt-8 flex items-center gap-2">
          <button
            type="button"
            onClick={togglePaused}
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
            className="grid h-11 w-11 place-items-center rounded-full border border-white/20 text-gold-300 hover:border-gold-400"
          >
            {paused ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
          </button>
          <button type="button" onClick={previous} aria-label="Previous slide" className="grid h-11 w-11 place-items-center rounded-full text-neutral-300 hover:text-gold-300">
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="flex items-center">
            {slides.map((slide, i) => (
              <button
                key={slide.title}
                type="button"
                onClick={() => go(i)}
                aria-label={`Show slide ${i + 1}: ${slide.title}`}
                aria-current={i === index ? 'true' : undefined}
                className="grid h-11 w-8 place-items-center"
              >
                <span aria-hidden="true" className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-7 bg-gold-400' : 'w-2.5 bg-white/40 hover:bg-white/70'}`} />
              </button>
            ))}
          </div>
          <button type="button" onClick={next} aria-label="Next slide" className="grid h-11 w-11 place-items-center rounded-full text-neutral-300 hover:text-gold-300">
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
