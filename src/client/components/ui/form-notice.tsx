/**
 * The texts the JS flow shows in a toast, in the page: what a form posted without JavaScript
 * answers with (a toast needs scripts). A success is a status, a refusal an alert.
 */
export function FormNotice({ title, description, tone }: { title: string; description: string; tone: 'success' | 'error' }) {
  const success = tone === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`rounded-md border px-3 py-2 text-sm ${success ? 'border-green-700 bg-green-50 text-green-900' : 'border-red-700 bg-red-50 text-red-900'}`}
    >
      <p className="font-semibold">{title}</p>
      <p>{description}</p>
    </div>
  );
}
