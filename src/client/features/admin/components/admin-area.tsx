import { Tabs } from 'radix-ui';
import { CalendarClock, CalendarDays, ChartColumn, Images, MailWarning, MessageSquare, Users } from 'lucide-react';
import { BookingsPanel } from './bookings-panel';
import { CustomersPanel } from './customers-panel';
import { EmailProblemsPanel } from './email-problems-panel';
import { GalleryPanel } from './gallery-panel';
import { MessagesPanel } from './messages-panel';
import { NumbersPanel } from './numbers-panel';
import { SchedulePanel } from './schedule-panel';

const TABS = [
  { value: 'bookings', label: 'Bookings', Icon: CalendarDays, Panel: BookingsPanel },
  { value: 'schedule', label: 'Schedule', Icon: CalendarClock, Panel: SchedulePanel },
  { value: 'numbers', label: 'Numbers', Icon: ChartColumn, Panel: NumbersPanel },
  { value: 'customers', label: 'Customers', Icon: Users, Panel: CustomersPanel },
  { value: 'messages', label: 'Messages', Icon: MessageSquare, Panel: MessagesPanel },
  { value: 'gallery', label: 'Gallery', Icon: Images, Panel: GalleryPanel },
  { value: 'emails', label: 'Email problems', Icon: MailWarning, Panel: EmailProblemsPanel },
] as const;

/** The business owner's tabs. Each panel loads its data only when first shown. */
export function AdminArea() {
  return (
    <Tabs.Root defaultValue="bookings" className="space-y-5">
      <Tabs.List aria-label="Admin sections" className="-mx-4 flex gap-1 overflow-x-auto border-b border-neutral-200 px-4 sm:mx-0 sm:px-0">
        {TABS.map(({ value, label, Icon }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="inline-flex min-h-11 shrink-0 items-center gap-2 border-b-4 border-transparent px-3 text-sm font-semibold text-neutral-700 hover:text-ink-950 data-[state=active]:border-gold-400 data-[state=active]:text-ink-950"
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map(({ value, Panel }) => (
        <Tabs.Content key={value} value={value} className="focus-visible:outline-offset-4">
          <Panel />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
