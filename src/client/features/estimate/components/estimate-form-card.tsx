import { Island } from '../../../islands/island';
import { useFormPost } from '../../../lib/form-post';
import { useSiteConfig } from '../../../lib/site-config';
import { EstimateForm } from './estimate-form';

/**
 * "Tell Us About the Job" with the estimate form. On /estimate the form is an island that
 * hydrates as it comes into view or is touched; its props carry the service area (from the
 * page's settings) and the server's answer to a post made without JavaScript.
 */
export function EstimateFormCard({ anchorId }: { anchorId: string }) {
  const formPost = useFormPost('estimate');
  const config = useSiteConfig().data;
  const area = config ? { serviceZips: config.schedule.serviceZips, phone: config.business.phone } : null;
  return (
    <div id={anchorId} className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 className="mb-6 font-display text-2xl font-bold text-ink-950">Tell Us About the Job</h2>
      <Island name="estimate-form" component={EstimateForm} props={{ idPrefix: anchorId, area, formPost }} />
    </div>
  );
}
