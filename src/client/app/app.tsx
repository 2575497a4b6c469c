import { lazy, Suspense, useState } from 'react';
import { Route, Routes } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { FormPostProvider } from '../lib/form-post';
import { RenderedToday } from '../lib/use-business-today';
import type { FormPost } from '../../shared/form-post';
import { SiteLayout } from './layout/site-layout';
import { PAGE_ROUTES as P } from './routes';

const DashboardLayout = lazy(() => import('./pages/dashboard/dashboard-layout'));

function PageFallback() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route path="/" element={<P.home.Component />} />
          <Route path="/services" element={<P.services.Component />} />
          <Route path="/gallery" element={<P.gallery.Component />} />
          <Route path="/testimonials" element={<P.testimonials.Component />} />
          <Route path="/contact" element={<P.contact.Component />} />
          <Route path="/estimate" element={<P.estimate.Component />} />
          <Route path="/book" element={<P.book.Component />} />
          <Route path="/book/confirmation" element={<P.bookConfirmation.Component />} />
          <Route path="/auth" element={<P.auth.Component />} />
          <Route path="/login" element={<P.login.Component />} />
          <Route path="/register" element={<P.register.Component />} />
          <Route path="/reset-password" element={<P.resetPassword.Component />} />
          <Route path="/dashboard" element={<DashboardLayout />}>
            <Route index element={<P.dashboard.Component />} />
            <Route path="bookings" element={<P.dashboardBookings.Component />} />
            <Route path="upcoming" element={<P.dashboardUpcoming.Component />} />
            <Route path="profile" element={<P.dashboardProfile.Component />} />
            <Route path="availability" element={<P.dashboardAvailability.Component />} />
          </Route>
          <Route path="/admin" element={<P.admin.Component />} />
          <Route path="/review/:token" element={<P.review.Component />} />
          <Route path="/booking/:token" element={<P.manageBooking.Component />} />
          <Route path="/quote/:token" element={<P.quote.Component />} />
          <Route path="/invoice/:token" element={<P.invoice.Component />} />
          <Route path="*" element={<P.notFound.Component />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

/** Providers around the routes; the router itself comes from the entry (browser or static). */
export function App({ queryClient, formPost = null, today = null }: { queryClient?: QueryClient; formPost?: FormPost | null; today?: string | null }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <FormPostProvider value={formPost}>
        <RenderedToday.Provider value={today}>
          <AppRoutes />
        </RenderedToday.Provider>
      </FormPostProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
