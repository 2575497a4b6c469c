export default function BookPage() {
  return <h1>Book</h1>;
}
