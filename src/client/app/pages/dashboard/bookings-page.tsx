export default function BookingsPage() {
  return <h1>Bookings</h1>;
}
