export default function AdminPage() {
  return <h1>Business Admin</h1>;
}
