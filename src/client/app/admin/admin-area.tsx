import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { Bell, CalendarClock, CalendarDays, CalendarRange, Camera, ChartColumn, Images, MailWarning, MessageSquare, Quote, ReceiptText, Star, Store, Sun, Users, Wrench } from 'lucide-react';
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

const TABS = [
  // The day's work first, then the people, then the settings the owner changes now and then.
  { label: 'Today', Icon: Sun, Panel: TodayTab },
  { label: 'Week', Icon: CalendarRange, Panel: WeekPanel },
  { label: 'Bookings', Icon: CalendarDays, Panel: BookingsTab },
  { label: 'Customers', Icon: Users, Panel: CustomersPanel },
  { label: 'Messages', Icon: MessageSquare, Panel: MessagesPanel },
  { label: 'Requests', Icon: Camera, Panel: RequestsTab },
  { label: 'Numbers', Icon: ChartColumn, Panel: NumbersPanel },
  { label: 'Schedule', Icon: CalendarClock, Panel: SchedulePanel },
  { label: 'Business', Icon: Store, Panel: BusinessPanel },
  { label: 'Services', Icon: Wrench, Panel: ServicesPanel },
  { label: 'Price list', Icon: ReceiptText, Panel: PricesPanel },
  { label: 'Testimonials', Icon: Quote, Panel: TestimonialsPanel },
  { label: 'Reviews', Icon: Star, Panel: ReviewsPanel },
  { label: 'Gallery', Icon: Images, Panel: GalleryPanel },
  { label: 'Email problems', Icon: MailWarning, Panel: EmailProblemsPanel },
  // For now a tab; the app shell puts it under More.
  { label: 'Notifications', Icon: Bell, Panel: NotificationsPanel },
] as const;

/** A tab's value, which Radix puts in its ids: the label as a slug ("email-problems"). */
const tabValue = (label: string) => label.toLowerCase().replaceAll(' ', '-');

/** The tab a link opens (`/admin?tab=bookings`, from a push notification), if it names one. */
function useLinkedTab(): string | null {
  const [params] = useSearchParams();
  const tab = params.get('tab');
  return TABS.some(({ label }) => tabValue(label) === tab) ? tab : null;
}

/** The business owner's tabs. Each panel loads its data only when first shown. */
export function AdminArea() {
  const linkedRequest = useLinkedRequest();
  const linkedTab = useLinkedTab();
  return (
    <Tabs.Root defaultValue={linkedRequest ? tabValue('Requests') : (linkedTab ?? tabValue(TABS[0].label))} className="space-y-5">
      <Tabs.List aria-label="Admin sections" className="-mx-4 flex gap-1 overflow-x-auto border-b border-neutral-200 px-4 sm:mx-0 sm:px-0">
        {TABS.map(({ label, Icon }) => (
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
      {TABS.map(({ label, Panel }) => (
        <Tabs.Content key={label} value={tabValue(label)} className="focus-visible:outline-offset-4">
          <Panel />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
