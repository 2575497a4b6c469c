import type { AdminStats, StatsWeek } from '../../../../shared/schemas/admin-stats';
import { useAdminStats } from '../api/numbers-api';
import { plural } from '../../../lib/plural';
import { hours, money, percent, shortDay, weekRange, weekdayDay } from '../utils/numbers-format';
import { ChartCard, ChartLegend, FillMeter, LabelledBars, WeekBars, type BarSeries } from './numbers-charts';
import { FigureTable } from './figure-table';
import { PanelError, PanelLoading } from '../../../components/admin/panel-states';

const GOLD: BarSeries = { name: 'Bookings', color: '#9c7a17' };
const INK: BarSeries = { name: 'Deposits', color: '#1f1f1f' };
const BOOKED: BarSeries = { name: 'Jobs booked', color: '#7a5f12' };
const CANCELLED: BarSeries = { name: 'Cancellations', color: '#b91c1c' };
const REFUNDED: BarSeries = { name: 'Refunds', color: '#1d4ed8' };
const DEPOSITS_TAKEN: BarSeries = { name: 'Deposits', color: '#1f1f1f' };
const BALANCES: BarSeries = { name: 'Balances', color: '#7a5f12' };
const TIPS: BarSeries = { name: 'Tips', color: '#15803d' };
const QUOTED: BarSeries = { name: 'Quotes sent', color: '#1f1f1f' };
const APPROVED: BarSeries = { name: 'Approved', color: '#9c7a17' };

const WHEN_TEXT: Record<StatsWeek['when'], string> = { past: 'Past', current: 'This week', future: 'Coming (booked so far)' };

const sum = (weeks: StatsWeek[], pick: (w: StatsWeek) => number) => weeks.reduce((s, w) => s + pick(w), 0);
const bar = (w: StatsWeek, values: number[]) => ({ key: w.weekStart, label: shortDay(w.weekStart), values, when: w.when });

/** The business at a glance: weekly bookings and deposits, the coming week's fill, cancellations and refunds, services. */
export function NumbersPanel() {
  const stats = useAdminStats();
  if (stats.isPending) return <PanelLoading label="Loading the numbers..." />;
  if (stats.isError) return <PanelError error={stats.error} fallback="Could not load the numbers. Please reload the page." />;
  return <Numbers stats={stats.data} />;
}

function Numbers({ stats }: { stats: AdminStats }) {
  const past = stats.weeks.filter((w) => w.when !== 'future');
  const coming = stats.weeks.filter((w) => w.when === 'future');
  const current = stats.weeks.find((w) => w.when === 'current');
  const first = stats.weeks[0]?.weekStart ?? stats.today;
  const last = stats.weeks[stats.weeks.length - 1]?.weekStart ?? stats.today;
  const span = `${weekRange(first).split(' – ')[0]} to ${weekRange(last).split(' – ')[1]}`;

  return (
    <div className="space-y-5">
      <p className="text-sm text-neutral-700">
        Weeks start on Monday. The last 12 weeks include this one; the 4 coming weeks show what is booked so far. Figures are on the business&rsquo;s clock ({stats.timeZone.replace('_', ' ')}).
      </p>
      <FillRateCard stats={stats} />
      <div className="grid gap-5 lg:grid-cols-2">
        <ChartCard
          title="Bookings per week"
          summary={`${plural(sum(past, (w) => w.bookings), 'booking')} in the last 12 weeks, ${current?.bookings ?? 0} this week, ${plural(sum(coming, (w) => w.bookings), 'booking')} in the coming 4 weeks.`}
          table={<WeekTable caption="Bookings per week (by the job's date)" weeks={stats.weeks} columns={[{ head: 'Bookings', cell: (w) => String(w.bookings) }]} />}
        >
          <WeekBars data={stats.weeks.map((w) => bar(w, [w.bookings]))} series={[GOLD]} format={(v) => String(v)} label={`Bar chart of bookings per week from ${span}. The table that follows gives each week's figure.`} />
          <ChartLegend series={[GOLD]} />
        </ChartCard>
        <ChartCard
          title="Deposits taken per week"
          summary={`${money(sum(past, (w) => w.depositsDollars))} in the last 12 weeks; ${money(sum(coming, (w) => w.depositsDollars))} already paid for the coming 4 weeks. Refunded deposits are left out.`}
          table={<WeekTable caption="Deposits taken per week (by the job's date)" weeks={stats.weeks} columns={[{ head: 'Deposits', cell: (w) => money(w.depositsDollars) }]} />}
        >
          <WeekBars data={stats.weeks.map((w) => bar(w, [w.depositsDollars]))} series={[INK]} format={money} label={`Bar chart of deposits taken per week from ${span}, in dollars. The table that follows gives each week's figure.`} />
          <ChartLegend series={[INK]} />
        </ChartCard>
        <ChartCard
          title="Revenue booked per week"
          summary={`${money(sum(past, (w) => w.bookedDollars))} of jobs in the last 12 weeks${stats.averageJobDollars === null ? '' : `, ${money(stats.averageJobDollars)} a job on average`}; ${money(sum(coming, (w) => w.bookedDollars))} booked for the coming 4 weeks. A job is valued at its priced total, or its service's price when booked as a whole.`}
          table={<WeekTable caption="Revenue booked per week (by the job's date)" weeks={stats.weeks} columns={[{ head: 'Booked', cell: (w) => money(w.bookedDollars) }]} />}
        >
          <WeekBars data={stats.weeks.map((w) => bar(w, [w.bookedDollars]))} series={[BOOKED]} format={money} label={`Bar chart of the value of jobs booked per week from ${span}, in dollars. The table that follows gives each week's figure.`} />
          <ChartLegend series={[BOOKED]} />
        </ChartCard>
        <ChartCard
          title="Money taken per week"
          summary={`${money(sum(past, (w) => w.depositsTakenDollars + w.balancesDollars + w.tipsDollars))} taken in the last 12 weeks: ${money(sum(past, (w) => w.depositsTakenDollars))} in deposits, ${money(sum(past, (w) => w.balancesDollars))} in balances and ${money(sum(past, (w) => w.tipsDollars))} in tips; ${money(sum(past, (w) => w.invoiceRefundsDollars))} refunded from invoices. Counted on the day the money came in.`}
          table={
            <WeekTable
              caption="Money taken per week (by the day it came in)"
              weeks={past}
              columns={[
                { head: 'Deposits', cell: (w) => money(w.depositsTakenDollars) },
                { head: 'Balances', cell: (w) => money(w.balancesDollars) },
                { head: 'Tips', cell: (w) => money(w.tipsDollars) },
                { head: 'Refunded', cell: (w) => money(w.invoiceRefundsDollars) },
              ]}
            />
          }
        >
          <WeekBars
            data={past.map((w) => bar(w, [w.depositsTakenDollars, w.balancesDollars, w.tipsDollars]))}
            series={[DEPOSITS_TAKEN, BALANCES, TIPS]}
            format={money}
            label="Bar chart of deposits, balances and tips taken per week over the last 12 weeks, in dollars, side by side. The table that follows gives each week's figures."
          />
          <ChartLegend series={[DEPOSITS_TAKEN, BALANCES, TIPS]} showWhen={false} />
          <p className="mt-3 text-sm">
            <a href="/api/admin/payments.csv" download className="font-semibold text-ink-950 underline decoration-gold-500 underline-offset-4 hover:text-gold-700">
              Download every payment of the last 90 days (CSV)
            </a>
          </p>
        </ChartCard>
        <OwedCard stats={stats} />
        <ChartCard
          title="Quotes sent and approved"
          summary={
            stats.quotes.sent === 0
              ? 'No quotes sent in the last 12 weeks. Quotes answer the free estimate requests in Requests.'
              : `${plural(stats.quotes.sent, 'quote')} sent in the last 12 weeks, ${stats.quotes.approved} approved and booked (${percent(stats.quotes.approvedShare)}). A quote replaced by a newer one is not counted.`
          }
          table={
            <WeekTable
              caption="Quotes sent per week (by the day they were sent), and those approved"
              weeks={past}
              columns={[
                { head: 'Sent', cell: (w) => String(w.quotesSent) },
                { head: 'Approved', cell: (w) => String(w.quotesApproved) },
              ]}
            />
          }
        >
          <WeekBars
            data={past.map((w) => bar(w, [w.quotesSent, w.quotesApproved]))}
            series={[QUOTED, APPROVED]}
            format={(v) => String(v)}
            label="Bar chart of quotes sent and approved per week over the last 12 weeks, side by side. The table that follows gives each week's counts."
          />
          <ChartLegend series={[QUOTED, APPROVED]} showWhen={false} />
        </ChartCard>
        <ChartCard
          title="Cancellations and refunds"
          summary={`Last 12 weeks: ${plural(sum(past, (w) => w.cancellations), 'cancellation')} (${money(sum(past, (w) => w.cancelledDepositsDollars))} in paid deposits), ${plural(sum(past, (w) => w.refunds), 'refund')} (${money(sum(past, (w) => w.refundsDollars))}). Counted in the week they happened.`}
          table={
            <WeekTable
              caption="Cancellations and refunds per week (by the day they happened)"
              weeks={past}
              columns={[
                { head: 'Cancellations', cell: (w) => String(w.cancellations) },
                { head: 'Their paid deposits', cell: (w) => money(w.cancelledDepositsDollars) },
                { head: 'Refunds', cell: (w) => String(w.refunds) },
                { head: 'Refunded', cell: (w) => money(w.refundsDollars) },
              ]}
            />
          }
        >
          <WeekBars
            data={past.map((w) => bar(w, [w.cancellations, w.refunds]))}
            series={[CANCELLED, REFUNDED]}
            format={(v) => String(v)}
            label={`Bar chart of cancellations and refunds per week over the last 12 weeks, side by side. The table that follows gives each week's counts and dollars.`}
          />
          <ChartLegend series={[CANCELLED, REFUNDED]} showWhen={false} />
        </ChartCard>
        <ChartCard
          title="Bookings per service"
          summary={`Jobs from ${shortDay(stats.servicesFrom)} to ${shortDay(stats.servicesTo)} (the last 12 weeks), cancelled ones left out.`}
          table={
            <FigureTable
              caption="Bookings per service, last 12 weeks"
              heads={['Service', 'Bookings']}
              rows={stats.services}
              rowKey={(s) => s.serviceType}
              rowHead={(s) => s.name}
              cells={(s) => [s.bookings]}
              empty="No bookings in these weeks."
            />
          }
        >
          {stats.services.length === 0 ? (
            <p className="text-sm text-neutral-700">No bookings in these weeks yet.</p>
          ) : (
            <LabelledBars rows={stats.services.map((s) => ({ key: s.serviceType, label: s.name, value: s.bookings }))} format={(v) => String(v)} label="Bar chart of bookings per service over the last 12 weeks. The table that follows gives each service's figure." />
          )}
        </ChartCard>
      </div>
    </div>
  );
}

/** What the invoices sent still owe and for how long, the average ticket, and tips per crew. */
function OwedCard({ stats }: { stats: AdminStats }) {
  const { outstanding, averageTicketDollars, paidInvoices, tipsPerCrew } = stats.money;
  const owed =
    outstanding.invoices === 0
      ? 'No invoice is owed.'
      : `${plural(outstanding.invoices, 'invoice')} ${outstanding.invoices === 1 ? 'owes' : 'owe'} ${money(outstanding.balanceDollars)}; the oldest was sent ${plural(outstanding.oldestDays ?? 0, 'day')} ago.`;
  const ticket = averageTicketDollars === null ? 'No invoice paid in the last 12 weeks.' : `The average ticket, with its tip, is ${money(averageTicketDollars)} over ${plural(paidInvoices, 'invoice')} paid in the last 12 weeks.`;
  return (
    <ChartCard
      title="Invoices owed and tips"
      summary={`${owed} ${ticket}`}
      table={
        <FigureTable
          caption="Tips per crew, last 12 weeks"
          heads={['Crew', 'Tips', 'Jobs tipped']}
          rows={tipsPerCrew}
          rowKey={(c) => String(c.crew)}
          rowHead={(c) => `Crew ${c.crew}`}
          cells={(c) => [money(c.tipsDollars), c.jobs]}
          empty="No tips in these weeks."
        />
      }
    >
      <FigureTable
        caption="Invoices owed, by how long ago they were sent"
        heads={['Sent', 'Invoices', 'Owed']}
        rows={outstanding.buckets}
        rowKey={(b) => b.label}
        rowHead={(b) => b.label}
        cells={(b) => [b.invoices, money(b.balanceDollars)]}
      />
    </ChartCard>
  );
}

function FillRateCard({ stats }: { stats: AdminStats }) {
  const fill = stats.fillRate;
  const closedNote = fill.days.filter((d) => d.closedReason === 'closed-date').length;
  return (
    <ChartCard
      title="The coming 7 days"
      summary={`${weekdayDay(fill.from)} to ${weekdayDay(fill.to)}: booked job time over the crews' open hours (${plural(fill.crews, 'crew')}${closedNote ? `, ${plural(closedNote, 'closed date')} left out` : ''}).`}
      table={
        <FigureTable
          caption="Fill rate per day, the coming 7 days"
          heads={['Day', 'Open crew hours', 'Booked', 'Full']}
          rows={fill.days}
          rowKey={(d) => d.date}
          rowHead={(d) => weekdayDay(d.date)}
          cells={(d) => [
            d.closedReason === 'closed-date' ? 'Closed date' : d.closedReason === 'no-hours' ? 'Closed' : hours(d.openMinutes),
            hours(d.bookedMinutes),
            d.openMinutes ? percent(d.bookedMinutes / d.openMinutes) : '–',
          ]}
        />
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
        <p className="shrink-0 rounded-xl border-2 border-gold-400 bg-gold-50 px-5 py-2 text-center">
          <span className="block text-4xl font-extrabold text-ink-950" data-testid="fill-rate">
            {percent(fill.rate)}
          </span>
          <span className="block text-sm font-semibold text-neutral-800">full</span>
        </p>
        <div className="min-w-0 flex-1">
          <FillMeter rate={fill.rate} label={`${percent(fill.rate)} full: ${hours(fill.bookedMinutes)} booked of ${hours(fill.openMinutes)} open crew time.`} />
          <p className="mt-2 text-sm text-neutral-800">
            {hours(fill.bookedMinutes)} of jobs booked in {hours(fill.openMinutes)} of open crew time.
          </p>
        </div>
      </div>
    </ChartCard>
  );
}

function WeekTable({ caption, weeks, columns }: { caption: string; weeks: StatsWeek[]; columns: { head: string; cell: (w: StatsWeek) => string }[] }) {
  return (
    <FigureTable
      caption={caption}
      heads={['Week', 'When', ...columns.map((c) => c.head)]}
      rows={weeks}
      rowKey={(w) => w.weekStart}
      rowHead={(w) => weekRange(w.weekStart)}
      cells={(w) => [WHEN_TEXT[w.when], ...columns.map((c) => c.cell(w))]}
      rowHeadClass="whitespace-nowrap font-normal"
      rowClass={(w) => (w.when === 'current' ? 'bg-gold-50 font-semibold' : undefined)}
    />
  );
}
