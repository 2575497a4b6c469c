import { useSearchParams } from 'react-router';
import { ConfirmationView } from '../../features/booking/components/confirmation-view';
import { parseRedirectStatus } from '../../features/booking/utils/redirect-status';
import { PAGE_META, usePageMeta } from '../meta';

/** Where the payment provider returns; the status comes from the query string only. */
export default function BookConfirmationPage() {
  usePageMeta(PAGE_META['/book/confirmation']);
  const [params] = useSearchParams();
  return (
    <div className="bg-neutral-50 px-4 py-12 sm:py-16">
      <ConfirmationView status={parseRedirectStatus(params.get('redirect_status'))} />
    </div>
  );
}
