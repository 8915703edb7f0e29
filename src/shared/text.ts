/** Fills {placeholders} in a config text: fill('{n} of {total}', { n: 1, total: 6 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Text made safe to put in HTML, in an element or an attribute: what visitors typed never becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
