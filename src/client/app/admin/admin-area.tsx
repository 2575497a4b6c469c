import { useState, type ComponentType } from 'react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import {
  Bell,
  CalendarClock,
  CalendarDays,
  CalendarRange,
  Camera,
  ChartColumn,
  ChevronRight,
  Ellipsis,
  Images,
  MailWarning,
  MessageSquare,
  Quote,
  ReceiptText,
  Star,
  Store,
  Sun,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { BookingsPanel } from '../../features/admin-bookings/components/bookings-panel';
import { BusinessPanel } from '../../features/admin-settings/components/business-panel';
import { CustomersPanel } from '../../features/admin-customers/components/customers-panel';
import { EmailProblemsPanel } from '../../features/admin-messages/components/email-problems-panel';
import { GalleryPanel } from '../../features/admin-content/components/gallery-panel';
import { MessagesPanel } from '../../features/admin-messages/components/messages-panel';
import { ReviewsPanel } from '../../features/admin-reviews/components/reviews-panel';
import { RequestsPanel } from '../../features/admin-requests/components/requests-panel';
import { NumbersPanel } from '../../features/admin-numbers/components/numbers-panel';
import { NotificationsPanel } from '../../features/admin-notifications/components/notifications-panel';
import { PricesPanel } from '../../features/admin-prices/components/prices-panel';
import { SchedulePanel } from '../../features/admin-settings/components/schedule-panel';
import { ServicesPanel } from '../../features/admin-content/components/services-panel';
import { TestimonialsPanel } from '../../features/admin-content/components/testimonials-panel';
import { TodayPanel } from '../../features/admin-agenda/components/today-panel';
import { InvoiceDialog } from '../../features/admin-invoices/components/invoice-dialog';
import { WeekPanel } from '../../features/admin-agenda/components/week-panel';
import { useAdminSettings } from '../../features/admin-settings/api/settings-api';
import { OwnerTopBar } from './owner-top-bar';

/** The bookings with the crew count of the settings (a crew can change while a job is active). */
function BookingsTab() {
  const settings = useAdminSettings();
  return <BookingsPanel crews={settings.data?.crews ?? 1} />;
}

/** The request a link opens (`/admin?request=12`, from the email about a new estimate request), if any. */
function useLinkedRequest(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('request'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Today, with the invoice of each completed job. */
function TodayTab() {
  return <TodayPanel invoiceAction={(job) => <InvoiceDialog job={job} />} />;
}

function RequestsTab() {
  return <RequestsPanel openId={useLinkedRequest()} />;
}

/**
 * One screen of the admin. On a computer every screen is a tab in one row; on a phone (the owner's
 * app) the `bar` screens are the bottom bar's destinations and the rest are listed under More, in
 * this order. A new screen (Notifications, say) is one more line here with `place: 'more'`.
 */
export interface AdminScreen {
  label: string;
  Icon: LucideIcon;
  Panel: ComponentType;
  place: 'bar' | 'more';
}

export const SCREENS: readonly AdminScreen[] = [
  // The day's work first, then the people, then the settings the owner changes now and then.
  { label: 'Today', Icon: Sun, Panel: TodayTab, place: 'bar' },
  { label: 'Week', Icon: CalendarRange, Panel: WeekPanel, place: 'bar' },
  { label: 'Bookings', Icon: CalendarDays, Panel: BookingsTab, place: 'more' },
  { label: 'Customers', Icon: Users, Panel: CustomersPanel, place: 'more' },
  { label: 'Messages', Icon: MessageSquare, Panel: MessagesPanel, place: 'more' },
  { label: 'Requests', Icon: Camera, Panel: RequestsTab, place: 'bar' },
  { label: 'Numbers', Icon: ChartColumn, Panel: NumbersPanel, place: 'bar' },
  { label: 'Schedule', Icon: CalendarClock, Panel: SchedulePanel, place: 'more' },
  { label: 'Business', Icon: Store, Panel: BusinessPanel, place: 'more' },
  { label: 'Services', Icon: Wrench, Panel: ServicesPanel, place: 'more' },
  { label: 'Price list', Icon: ReceiptText, Panel: PricesPanel, place: 'more' },
  { label: 'Testimonials', Icon: Quote, Panel: TestimonialsPanel, place: 'more' },
  { label: 'Reviews', Icon: Star, Panel: ReviewsPanel, place: 'more' },
  { label: 'Gallery', Icon: Images, Panel: GalleryPanel, place: 'more' },
  { label: 'Email problems', Icon: MailWarning, Panel: EmailProblemsPanel, place: 'more' },
  { label: 'Notifications', Icon: Bell, Panel: NotificationsPanel, place: 'more' },
];

/** A tab's value, which Radix puts in its ids: the label as a slug ("email-problems"). */
const tabValue = (label: string) => label.toLowerCase().replaceAll(' ', '-');
/** The phone's More screen: the list of the screens that are not in the bottom bar. */
const MORE = 'more';
const BAR = SCREENS.filter((s) => s.place === 'bar');
const UNDER_MORE = SCREENS.filter((s) => s.place === 'more');
const isUnderMore = (value: string) => UNDER_MORE.some((s) => tabValue(s.label) === value);

/** The tab a link opens (`/admin?tab=bookings`, from a push notification), if it names one. */
function useLinkedTab(): string | null {
  const [params] = useSearchParams();
  const tab = params.get('tab');
  return SCREENS.some(({ label }) => tabValue(label) === tab) ? tab : null;
}

/**
 * Shows the panel the owner just picked from its top. A pick from the More list hides the tab that
 * had the focus: the focus moves to the panel then, drawn without a focus outline round the whole
 * screen (owner-app.css; the keyboard's own moves still show theirs).
 */
function showPicked() {
  requestAnimationFrame(() => {
    window.scrollTo({ top: 0 });
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body && focused.offsetParent !== null) return;
    const panel = document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]');
    if (!panel) return;
    panel.dataset.picked = '';
    panel.addEventListener('focusout', () => delete panel.dataset.picked, { once: true });
    panel.focus({ preventScroll: true });
  });
}

export interface AdminAreaProps {
  /** The owner's app: top bar, bottom bar and More (below 768 px); otherwise the page with its row of tabs. */
  phone: boolean;
  businessName: string;
  userName: string;
}

/**
 * The business owner's area. Each panel loads its data only when first shown. Both layouts are one
 * Radix Tabs: the bottom bar and the More list are tablists too, so every screen is a tab and its
 * panel is named by it. The element tree is the same in both, so a panel keeps its state when the
 * window crosses 768 px.
 */
export function AdminArea({ phone, businessName, userName }: AdminAreaProps) {
  const linkedRequest = useLinkedRequest();
  const linkedTab = useLinkedTab();
  const [picked, setPicked] = useState(() => (linkedRequest ? tabValue('Requests') : (linkedTab ?? tabValue(SCREENS[0].label))));
  // More is the phone's own screen: a computer shows Today in its place.
  const value = !phone && picked === MORE ? tabValue(SCREENS[0].label) : picked;
  const onValueChange = (next: string) => {
    setPicked(next);
    if (phone) showPicked();
  };

  return (
    <div className={phone ? 'owner-app bg-neutral-50' : 'bg-neutral-50'}>
      <Tabs.Root
        value={value}
        onValueChange={onValueChange}
        // In the More list an arrow key moves the focus only: picking is Enter or a tap.
        activationMode={phone ? 'manual' : 'automatic'}
        className={
          phone
            ? 'owner-app-body'
            : 'mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:py-10'
        }
      >
        {phone ? (
          <OwnerTopBar businessName={businessName} userName={userName} />
        ) : (
          <header className="mb-6">
            <p className="text-sm font-semibold uppercase tracking-wider text-gold-800">{businessName}</p>
            <h1 className="font-display text-2xl font-bold text-ink-950 sm:text-3xl">Business Admin</h1>
            <p className="mt-1 text-neutral-700">Signed in as {userName}. Manage bookings, read messages and keep the gallery fresh.</p>
          </header>
        )}
        {phone ? null : (
          <Tabs.List aria-label="Admin sections" className="-mx-4 flex gap-1 overflow-x-auto border-b border-neutral-200 px-4 sm:mx-0 sm:px-0">
            {SCREENS.map(({ label, Icon }) => (
              <Tabs.Trigger
                key={label}
                value={tabValue(label)}
                className="inline-flex min-h-11 shrink-0 items-center gap-2 border-b-4 border-transparent px-3 text-sm font-semibold text-neutral-700 hover:text-ink-950 data-[state=active]:border-gold-400 data-[state=active]:text-ink-950"
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        )}
        <div className={phone ? 'px-4 pt-4' : ''}>
          {SCREENS.map(({ label, Panel }) => (
            <Tabs.Content key={label} value={tabValue(label)} className="owner-panel focus-visible:outline-offset-4">
              <Panel />
            </Tabs.Content>
          ))}
          {phone ? (
            // Always in the page (hidden unless picked): its tabs name the panels they open.
            <Tabs.Content value={MORE} forceMount className="owner-more focus-visible:outline-offset-4">
              <h2 className="font-display text-xl font-bold text-ink-950">More</h2>
              <Tabs.List aria-label="More sections" className="mt-3 flex flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white">
                {UNDER_MORE.map(({ label, Icon }) => (
                  <Tabs.Trigger
                    key={label}
                    value={tabValue(label)}
                    className="owner-more-item flex min-h-12 items-center gap-3 border-b border-neutral-200 px-4 text-left font-semibold text-ink-950 hover:bg-neutral-50"
                  >
                    <Icon className="h-5 w-5 text-gold-700" aria-hidden="true" />
                    <span className="flex-1">{label}</span>
                    <ChevronRight className="h-5 w-5 text-neutral-500" aria-hidden="true" />
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
            </Tabs.Content>
          ) : null}
        </div>
        {phone ? (
          <nav aria-label="Owner app" className="owner-bottom-bar fixed inset-x-0 bottom-0 z-40 border-t border-gold-400/30 bg-ink-950">
            <Tabs.List aria-label="Admin sections" className="mx-auto flex max-w-xl">
              {[...BAR, { label: 'More', Icon: Ellipsis }].map(({ label, Icon }) => {
                const tab = label === 'More' ? MORE : tabValue(label);
                // More stands for every screen listed under it.
                const current = value === tab || (tab === MORE && isUnderMore(value));
                return (
                  <Tabs.Trigger
                    key={label}
                    value={tab}
                    aria-current={current ? 'page' : undefined}
                    className="owner-bar-item flex min-h-14 min-w-11 flex-1 flex-col items-center justify-center gap-1 px-1 text-xs font-semibold text-neutral-300"
                  >
                    <Icon className="h-6 w-6" aria-hidden="true" />
                    {label}
                  </Tabs.Trigger>
                );
              })}
            </Tabs.List>
          </nav>
        ) : null}
      </Tabs.Root>
    </div>
  );
}
