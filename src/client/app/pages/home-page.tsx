import { useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '../../../shared/schemas/content';
import { PAGE_META, usePageMeta } from '../meta';

export default function HomePage() {
  usePageMeta(PAGE_META['/']);
  const gallery = useQuery<GalleryItem[]>({ queryKey: ['/api/gallery'] });
  return (
    <section id="gallery">
      <h1>Home</h1>
      {gallery.isPending ? <p>Loading…</p> : gallery.data?.map((item) => <article key={item.id}><h3>{item.title}</h3></article>)}
    </section>
  );
}
