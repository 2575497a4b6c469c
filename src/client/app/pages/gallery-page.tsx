import { GalleryBrowser } from '../../features/gallery/components/gallery-browser';
import { useGalleryItems } from '../../features/gallery/api/use-gallery-items';
import { ClosingCta } from '../../features/home/components/closing-cta';
import { PageHero } from '../../components/ui/page-hero';
import { Island } from '../../islands/island';
import { PAGE_META, usePageMeta } from '../meta';

export default function GalleryPage() {
  usePageMeta(PAGE_META['/gallery']);
  const items = useGalleryItems().data;
  return (
    <>
      <PageHero eyebrow="Our work" title="Project Gallery" lead="Furniture assembly and wall mounting projects completed for homes and offices across Santa Monica, West LA and Venice." />
      <section aria-label="Projects" className="bg-neutral-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <Island name="gallery" component={GalleryBrowser} props={{ initial: items }} />
        </div>
      </section>
      <ClosingCta />
    </>
  );
}
