export default function BookConfirmationPage() {
  return <h1>BookConfirmation</h1>;
}
