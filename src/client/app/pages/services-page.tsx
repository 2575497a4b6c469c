export default function ServicesPage() {
  return <h1>Services</h1>;
}
