export default function AvailabilityPage() {
  return <h1>Availability</h1>;
}
