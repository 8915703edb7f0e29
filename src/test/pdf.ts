/**
 * The smallest PDF the site's upload check accepts (its magic bytes, a catalogue, the end
 * marker), with an optional comment line so that two files differ. Shared by the server tests
 * and the browser tests; it loads nothing else.
 */
export const pdfWith = (text?: string) =>
  Buffer.from(`%PDF-1.4\n${text === undefined ? '' : `% ${text}\n`}1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
