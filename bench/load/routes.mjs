// What the load sends: the single-route runs with the targets, and the weighted mix of
// what visitors, customers and the owner do. Requests are autocannon request objects.
import { BROWSER_HEADERS, PASSWORD, addDays, bookingBody } from './site.mjs';

const get = (path, headers = {}) => ({ method: 'GET', path, headers: { ...BROWSER_HEADERS, ...headers } });
let visitor = 0;
/**
 * The next visitor's address, as the load balancer in front of a deployment passes it (the app
 * runs with TRUST_PROXY=1, see apps.mjs): the per-address rate limits and hold caps then count
 * many visitors, as live traffic has, not one address every write queues behind.
 */
const nextAddress = () => {
  visitor += 1;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
};
// The browser's Origin on writes, as the security plugin checks (PUBLIC_URL, same on every instance).
const post = (site, path, body) => ({
  method: 'POST',
  path,
  body,
  headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', origin: site.origin, 'x-forwarded-for': nextAddress() },
});

/** Each call returns the next item, round and round. */
function cycle(list) {
  let i = 0;
  return () => list[i++ % list.length];
}

/** An autocannon request built anew each time by `next()`, which names its route for runLoad's figures. */
function dynamic(next) {
  return {
    setupRequest: (req, context) => {
      const { name, request } = next();
      context.route = name;
      return { ...req, ...request };
    },
  };
}

/** Visitors look at the next open days most and further out now and then: every service on each. */
function timeSlotPaths(site) {
  const dates = site.dates.filter((_, i) => i < 8 || i % 10 === 0);
  return dates.flatMap((date) => site.services.map((service) => `/api/time-slots?date=${date}&serviceType=${service}`));
}

// A target: `text` says it, `met` checks a route's figures, `value` shows the figures it checks.
const percent = (r, bareRps) => (100 * r.rps) / bareRps;
const share = (min) => ({
  text: `≥ ${min} % of bare`,
  met: (r, bareRps) => percent(r, bareRps) >= min,
  value: (r, bareRps) => `${percent(r, bareRps).toFixed(1)} %`,
});
const TIME_SLOTS_TARGET = {
  text: '≥ 10 % of bare, p99 < 50 ms',
  met: (r, bareRps) => percent(r, bareRps) >= 10 && r.p99 < 50,
  value: (r, bareRps) => `${percent(r, bareRps).toFixed(1)} %, p99 ${r.p99.toFixed(1)} ms`,
};
export const serverErrors = (statuses) => Object.entries(statuses).reduce((n, [status, count]) => n + (Number(status) >= 500 ? count : 0), 0);
const BOOKINGS_TARGET = {
  text: 'no 5xx, p99 < 250 ms',
  met: (r) => serverErrors(r.statuses) === 0 && r.p99 < 250,
  value: (r) => `${serverErrors(r.statuses)} 5xx, p99 ${r.p99.toFixed(1)} ms`,
};

/** The bare route's request, fixed (autocannon's fastest path) and built anew each time as the mix's are. */
export const bareRequests = {
  fixed: [get('/')],
  built: [dynamic(() => ({ name: 'GET /', request: get('/') }))],
};

/** Each route alone, in the order they run; `target` is null where the issue sets none. */
export function singleRoutes(site) {
  const nextStart = cycle(site.starts.route);
  return [
    { name: 'GET /api/gallery', requests: [get('/api/gallery')], target: share(25) },
    { name: 'GET /api/testimonials', requests: [get('/api/testimonials')], target: share(25) },
    { name: 'GET /api/services', requests: [get('/api/services')], target: share(25) },
    { name: 'GET /api/config', requests: [get('/api/config')], target: null },
    { name: 'GET /api/time-slots', requests: timeSlotPaths(site).map((path) => get(path)), target: TIME_SLOTS_TARGET },
    { name: 'GET /', requests: [get('/')], target: share(10) },
    { name: 'GET /book', requests: [get('/book')], target: share(10) },
    { name: 'POST /api/bookings', requests: [dynamic(() => ({ name: 'POST /api/bookings', request: post(site, '/api/bookings', bookingBody(nextStart(), site.zip)) }))], target: BOOKINGS_TARGET },
  ];
}

/** The realistic mix: weights are percentages of all requests. */
export function mixRoutes(site) {
  const nextSlots = cycle(timeSlotPaths(site));
  const nextStart = cycle(site.starts.mix);
  const nextCustomer = cycle(site.customers);
  // The owner's Today tab, stepped through the coming week with its day arrows: today alone is
  // empty (bookings need 2 hours' notice, and the window starts tomorrow here).
  const nextDay = cycle([0, 1, 2, 3, 4, 5, 6].map((d) => addDays(site.today, d)));
  const read = (path, weight) => ({ name: `GET ${path}`, weight, build: () => get(path) });
  return [
    read('/', 8),
    ...['/services', '/gallery', '/testimonials', '/contact', '/book'].map((path) => read(path, 5)),
    read('/api/gallery', 7),
    read('/api/testimonials', 6),
    read('/api/services', 6),
    read('/api/config', 6),
    { name: 'GET /api/time-slots', weight: 25, build: () => get(nextSlots()) },
    { name: 'POST /api/bookings', weight: 3, build: () => post(site, '/api/bookings', bookingBody(nextStart(), site.zip)) },
    // Signing in is rare next to reading; each one is a deliberately slow password hash (scrypt).
    { name: 'POST /api/auth/login', weight: 1, build: () => post(site, '/api/auth/login', JSON.stringify({ email: nextCustomer().email, password: PASSWORD })) },
    { name: 'GET /api/dashboard/bookings', weight: 10, build: () => get('/api/dashboard/bookings', { cookie: nextCustomer().cookie }) },
    { name: 'GET /api/admin/agenda', weight: 3, build: () => get(`/api/admin/agenda?from=${nextDay()}&days=1`, { cookie: site.ownerCookie }) },
  ];
}

/** One autocannon request that draws each next request from the mix by weight. */
export function mixRequests(routes) {
  const total = routes.reduce((sum, r) => sum + r.weight, 0);
  const draw = () => {
    let x = Math.random() * total;
    return routes.find((r) => (x -= r.weight) < 0) ?? routes[routes.length - 1];
  };
  return [
    dynamic(() => {
      const route = draw();
      return { name: route.name, request: route.build() };
    }),
  ];
}
