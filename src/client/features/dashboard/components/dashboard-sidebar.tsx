import { useState } from 'react';
import { NavLink } from 'react-router';
import { Briefcase, CalendarClock, CalendarOff, ClipboardList, LayoutDashboard, LogOut, Menu, UserCog, X } from 'lucide-react';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/bookings', label: 'My Bookings', icon: ClipboardList, end: false },
  { to: '/dashboard/upcoming', label: 'Upcoming Services', icon: CalendarClock, end: false },
  { to: '/dashboard/availability', label: 'Manage Availability', icon: CalendarOff, end: false },
  { to: '/dashboard/profile', label: 'Profile Settings', icon: UserCog, end: false },
] as const;

const itemBase = 'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium';
const itemClass = `${itemBase} text-neutral-200 hover:bg-ink-800 hover:text-white`;
const activeClass = `${itemBase} bg-gold-400 text-ink-950 hover:bg-gold-300`;

interface DashboardSidebarProps {
  fullName: string;
  email: string;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** The business owner also gets a link to the admin area. */
  isAdmin?: boolean;
}

/** The account menu: a column beside the page on large screens, a toggled panel on small ones. */
export function DashboardSidebar({ fullName, email, onLogout, isLoggingOut, isAdmin = false }: DashboardSidebarProps) {
  const [isOpen, setIsOpen] = useState(false);
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

  return (
    <section className="min-w-0 rounded-xl bg-ink-950 text-white lg:self-start" aria-label="Account">
      <div className="flex items-center gap-3 p-4">
        <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-gold-400 font-bold text-ink-950" aria-hidden="true">
          {initials || '?'}
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{fullName}</p>
          <p className="truncate text-sm text-neutral-300">{email}</p>
        </div>
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md border border-ink-700 text-gold-300 hover:bg-ink-800 lg:hidden"
          aria-expanded={isOpen}
          aria-controls="dashboard-menu"
          aria-label="Account menu"
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
        </button>
      </div>
      <nav id="dashboard-menu" aria-label="Dashboard" className={`${isOpen ? 'block' : 'hidden'} border-t border-ink-800 p-2 lg:block`}>
        <ul className="space-y-1">
          {LINKS.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} onClick={() => setIsOpen(false)} className={({ isActive }) => (isActive ? activeClass : itemClass)}>
                <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
          {isAdmin && (
            <li>
              <NavLink to="/admin" onClick={() => setIsOpen(false)} className={itemClass}>
                <Briefcase className="h-4 w-4 shrink-0" aria-hidden="true" />
                Business Admin
              </NavLink>
            </li>
          )}
          <li className="border-t border-ink-800 pt-1">
            <button type="button" className={itemClass} onClick={onLogout} disabled={isLoggingOut}>
              <LogOut className="h-4 w-4 shrink-0" aria-hidden="true" />
              {isLoggingOut ? 'Logging out...' : 'Logout'}
            </button>
          </li>
        </ul>
      </nav>
    </section>
  );
}
