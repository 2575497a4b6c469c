export default function AuthPage() {
  return <h1>Auth</h1>;
}
