export default function DashboardHomePage() {
  return <h1>DashboardHome</h1>;
}
