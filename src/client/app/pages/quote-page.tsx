export default function QuotePage() {
  return null;
}
