import { BookingFlow } from '../../features/booking/components/booking-flow';
import { HowItWorks } from '../../features/booking/components/how-it-works';
import { PAGE_META, usePageMeta } from '../meta';

export default function BookPage() {
  usePageMeta(PAGE_META['/book']);
  return (
    <>
      <section className="bg-ink-950 px-4 py-12 text-center text-white sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">Online Booking</p>
        <h1 className="mt-2 font-display text-3xl font-bold sm:text-5xl">Book Our Services</h1>
        <p className="mx-auto mt-4 max-w-2xl text-neutral-300">
          Pick a time that suits you and secure it with a refundable deposit. Furniture assembly and wall mounting across Santa Monica, West LA and Venice.
        </p>
      </section>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:py-12 lg:grid-cols-[1fr_20rem]">
        <BookingFlow />
        <div className="lg:pt-[4.75rem]">
          <HowItWorks />
        </div>
      </div>
    </>
  );
}
