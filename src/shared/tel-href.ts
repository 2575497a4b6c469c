/** A tap-to-call link for a phone as people write it: its digits and a leading plus, "(310) 555-0142" -> "tel:3105550142". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
