/**
 * Whether a field inside `el` holds the focus or something other than what the server wrote:
 * the visitor reached for it before the script that wakes it ran (a slow phone). Shared by the
 * islands' loader and the app's entry (boot.ts); no framework.
 */
export function touched(el: HTMLElement): boolean {
  const active = document.activeElement;
  if (active && active !== document.body && el.contains(active)) return true;
  return Array.from(el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')).some((field) => {
    if (field instanceof HTMLSelectElement) {
      // With no option marked selected in the HTML, a one-line select shows its first.
      const initial = Math.max(0, Array.from(field.options).findIndex((o) => o.defaultSelected));
      return field.multiple ? Array.from(field.options).some((o) => o.selected !== o.defaultSelected) : field.selectedIndex !== initial;
    }
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
    if (field instanceof HTMLInputElement && field.type === 'file') return (field.files?.length ?? 0) > 0;
    return field.value !== field.defaultValue;
  });
}
