export default function UpcomingPage() {
  return <h1>Upcoming</h1>;
}
