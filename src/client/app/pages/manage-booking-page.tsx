import { useParams } from 'react-router';
import { ManageBookingView } from '../../features/manage/components/manage-booking-view';
import { PAGE_META, usePageMeta } from '../meta';

/** /booking/:token, a guest's private link to their booking (kept out of search results). */
export default function ManageBookingPage() {
  usePageMeta(PAGE_META['/booking']);
  const { token = '' } = useParams();
  return (
    <section className="bg-neutral-100">
      <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        <ManageBookingView token={token} />
      </div>
    </section>
  );
}
