import { expect, test, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { signInAsOwner } from './helpers/owner';
import { businessToday, iso, jobCard, SPEC_DAYS, toasts, uniqueEmail } from './helpers/site';

// Issue 24: Today with no signal, on a phone. It books the first free start 76 to 79 days ahead.
test.use({ viewport: { width: 375, height: 800 } });

/** A paid, confirmed shelf job at the first start the server offers. */
async function confirmedJob(page: Page): Promise<{ id: number; date: string }> {
  const { fromDay, toDay } = SPEC_DAYS.invoices;
  for (let d = fromDay; d <= toDay; d += 1) {
    const date = iso(addDays(businessToday(), d));
    const slots = await page.request.get(`/api/time-slots?date=${date}&serviceType=shelf-mounting`);
    expect(slots.ok(), await slots.text()).toBe(true);
    for (const { slotTime } of (await slots.json()) as { slotTime: string }[]) {
      const created = await page.request.post('/api/bookings', {
        data: { serviceType: 'shelf-mounting', bookingDate: date, bookingTime: slotTime, fullName: 'Oona Offline', phone: '(310) 555-0188', email: uniqueEmail('offline'), address: '1550 Ocean Front Walk, Santa Monica, CA 90401' },
      });
      if (created.status() === 409) continue;
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const confirmed = await page.request.post(`/api/admin/bookings/${id}/status`, { data: { status: 'confirmed' } });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
      return { id, date };
    }
  }
  throw new Error(`no start from ${fromDay} to ${toDay} days ahead`);
}

test('with no signal Today shows the jobs read before, keeps Complete on the phone and sends it when the signal returns', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signInAsOwner(page);
  const job = await confirmedJob(page);
  const longDay = (date: string) => format(new Date(`${date}T12:00:00`), 'EEEE, MMMM d, yyyy');

  await page.goto('/admin');
  const today = page.getByRole('tabpanel', { name: 'Today' });
  await today.getByLabel('Go to date').fill(job.date);
  const card = jobCard(today, job.id);
  await expect(card).toContainText('Oona Offline');
  await expect(today.getByText(/^Last updated /)).toBeVisible();

  // The owner app's worker keeps the page itself (decision 0022): it controls /admin after a reload.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await today.getByLabel('Go to date').fill(job.date);
  await expect(card).toContainText('Oona Offline');

  // The signal goes: the page opens again from the phone, and the day read before shows,
  // saying when it was read.
  await context.setOffline(true);
  await page.reload();
  await today.getByLabel('Go to date').fill(job.date);
  await expect(card).toContainText('Oona Offline');
  await expect(today.getByText(/^No signal\. Showing the jobs as last read, /)).toBeVisible();
  await today.getByRole('button', { name: 'Next day' }).click();
  await expect(today.getByText('No signal, and this day was not read on this phone before. It shows once the signal returns.')).toBeVisible();
  await today.getByRole('button', { name: 'Previous day' }).click();
  await expect(today.getByRole('heading', { level: 2 })).toHaveText(longDay(job.date));
  await expect(card).toContainText('Oona Offline');
  await expect(card).toContainText('(310) 555-0188');
  await expect(today.getByText(/^No signal\. Showing the jobs as last read, /)).toBeVisible();

  // Complete pressed with no signal: kept on the phone, listed, nothing lost.
  await card.getByRole('button', { name: `Complete job #${job.id}` }).click();
  await page.getByRole('dialog', { name: `Complete job #${job.id}` }).getByRole('button', { name: 'Mark completed' }).click();
  await expect(toasts(page).filter({ hasText: 'Saved on This Phone' })).toContainText(`No signal: job #${job.id} will be marked completed when the signal returns.`);
  const waiting = today.getByRole('status').filter({ hasText: 'Waiting for a signal, then sent:' });
  await expect(waiting).toContainText(`Complete, job #${job.id} (pressed `);

  // The signal returns: sent once, and the job shows completed.
  await context.setOffline(false);
  await expect(toasts(page).filter({ hasText: `Booking #${job.id} is marked completed.` })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(card).toContainText('Completed');
  const agenda = (await (await page.request.get(`/api/admin/agenda?from=${job.date}`)).json()) as { days: { jobs: { id: number; status: string }[] }[] };
  expect(agenda.days[0]!.jobs.find((j) => j.id === job.id)?.status).toBe('completed');
});
