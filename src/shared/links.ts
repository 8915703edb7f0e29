/**
 * The one check of what may become a link: an http: or https: address. Anything else
 * (`javascript:alert(1)`, `data:…`, plain words) stays text. A path of this site ("/api/…")
 * is made absolute against `base` when one is given.
 */
export function httpAddress(value: string, base?: string): URL | undefined {
  const text = value.trim();
  try {
    const url = base !== undefined && text.startsWith('/') && !text.startsWith('//') ? new URL(text, `${base}/`) : new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}
