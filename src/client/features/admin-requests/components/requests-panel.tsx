import { useRef, useState } from 'react';
import { Camera, ChevronRight } from 'lucide-react';
import type { AdminEstimateSummary } from '../../../../shared/schemas/estimates';
import { PanelStates } from '../../../components/admin/panel-states';
import { DetailView } from '../../../components/admin/detail-view';
import { cardClass } from '../../../components/admin/styles';
import { StatusBadge } from '../../../components/status-badge';
import { formatInstant } from '../../../lib/admin-format';
import { plural } from '../../../lib/plural';
import { useEstimateRequest, useEstimateRequests } from '../api/requests-api';
import { RequestDetails } from './request-details';

/**
 * Free estimate requests from /estimate: new ones first; one opens with its photos, its quotes and
 * the quote form. `openId`: the request to open first (the owner followed a link to it).
 */
export function RequestsPanel({ openId = null }: { openId?: number | null }) {
  const [selected, setSelected] = useState<number | null>(openId);
  const lastOpened = useRef<number | null>(openId);
  if (selected !== null) {
    return (
      <RequestView
        id={selected}
        onBack={() => {
          setSelected(null);
          // Back on the row the owner opened.
          requestAnimationFrame(() => document.getElementById(`request-row-${lastOpened.current}`)?.focus());
        }}
      />
    );
  }
  return (
    <RequestList
      onOpen={(id) => {
        lastOpened.current = id;
        setSelected(id);
      }}
    />
  );
}

function RequestList({ onOpen }: { onOpen: (id: number) => void }) {
  const requests = useEstimateRequests();
  const list = requests.data ?? [];
  const fresh = list.filter((r) => r.status === 'new').length;
  return (
    <PanelStates query={requests} loading="Loading requests..." failed="Could not load requests. Please reload the page." isEmpty={list.length === 0} empty="No estimate requests yet.">
      <div className="space-y-2">
        <p className="text-sm text-neutral-700">
          {fresh ? `${plural(fresh, 'new request')} to quote. ` : ''}Requests from the free estimate page, new ones first.
        </p>
        <ul className="space-y-2" aria-label="Estimate requests">
          {list.map((r) => (
            <li key={r.id}>
              <RequestRow request={r} onOpen={() => onOpen(r.id)} />
            </li>
          ))}
        </ul>
      </div>
    </PanelStates>
  );
}

function RequestRow({ request: r, onOpen }: { request: AdminEstimateSummary; onOpen: () => void }) {
  return (
    <button type="button" id={`request-row-${r.id}`} onClick={onOpen} className={`${cardClass} flex w-full items-center gap-3 p-3 text-left hover:border-gold-500 sm:p-4`}>
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold text-ink-950">{r.fullName}</span>
          <StatusBadge status={r.status} />
        </span>
        <span className="line-clamp-2 block text-sm text-neutral-800">{r.description}</span>
        <span className="flex flex-wrap items-center gap-x-2 text-sm text-neutral-700">
          <span className="inline-flex items-center gap-1">
            <Camera className="h-4 w-4" aria-hidden="true" />
            {plural(r.photoCount, 'photo')}
          </span>
          <span aria-hidden="true">·</span>
          <time dateTime={r.createdAt}>{formatInstant(r.createdAt)}</time>
        </span>
      </span>
      <ChevronRight className="h-5 w-5 shrink-0 text-neutral-600" aria-hidden="true" />
    </button>
  );
}

function RequestView({ id, onBack }: { id: number; onBack: () => void }) {
  return (
    <DetailView backLabel="Back to requests" onBack={onBack} query={useEstimateRequest(id)} loading="Loading the request..." failed="Could not load this request. Please try again.">
      {(request, headingRef) => <RequestDetails request={request} headingRef={headingRef} />}
    </DetailView>
  );
}
