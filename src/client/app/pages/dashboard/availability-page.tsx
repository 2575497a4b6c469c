import { useState } from 'react';
import { endOfMonth, format, startOfMonth } from 'date-fns';
import { BlockTimeCard } from '../../../features/dashboard/components/block-time-card';
import { BlockedTimesCard } from '../../../features/dashboard/components/blocked-times-card';
import { DashboardHeading } from '../../../features/dashboard/components/dashboard-heading';
import { useCurrentUser } from '../../../features/auth/hooks/use-auth';
import { useBusinessToday } from '../../../lib/use-business-today';

export default function AvailabilityPage() {
  const today = useBusinessToday();
  const { data: user } = useCurrentUser();
  const [month, setMonth] = useState<Date>(() => startOfMonth(today.date));
  const startDate = format(startOfMonth(month), 'yyyy-MM-dd');
  const endDate = format(endOfMonth(month), 'yyyy-MM-dd');
  return (
    <div className="space-y-6">
      <DashboardHeading title="Manage Your Availability">
        {user?.role === 'admin'
          ? 'As the business owner, the times you block here are closed to every customer.'
          : 'Block off the times when you can\'t host an appointment.'}
      </DashboardHeading>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <BlockTimeCard today={today.date} month={month} onMonthChange={(next) => setMonth(startOfMonth(next))} />
        <BlockedTimesCard startDate={startDate} endDate={endDate} monthLabel={format(month, 'MMMM yyyy')} />
      </div>
    </div>
  );
}
