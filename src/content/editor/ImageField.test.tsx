/**
 * The size a picture is uploaded for (our server resizes it to twice that: src/content/server/images.ts):
 * a picture drawn at a fixed size keeps it; one that replaces a picture keeps the size and shape
 * the page has now; the first picture of a section just added is made for its place's width, in
 * its own shape, never for the 1 × 1 of the box that held no picture yet (a blur on the page).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { fireEvent, render, waitFor } from '@testing-library/react';
import type { Schema } from '../../schema/schema';
import { sectionSchemas } from '../../site/sections/schemas';
import type { ContentImage } from '../model/contentApi';
import { emptyValue, fieldId } from './schemaValues';
import { SchemaForm } from './SchemaForm';

const FILE = 'config/pages/landing.ts';

/** The sizes each upload was asked for, and a picture of that size as the server answers. */
function uploads() {
  const asked: { width: number; height?: number }[] = [];
  const uploadImage = async (_file: File, width: number, height?: number): Promise<ContentImage> => {
    asked.push(height === undefined ? { width } : { width, height });
    return { src: '/images/uploads/0123456789abcdef0123.webp', width: width * 2, height: (height ?? width) * 2 };
  };
  return { asked, uploadImage };
}

function uploadInto(schema: Schema<unknown>, value: unknown, uploadImage: ReturnType<typeof uploads>['uploadImage']) {
  render(
    <CacheProvider value={createCache({ key: 'test' })}>
      <SchemaForm
        file={FILE}
        role="owner"
        schema={schema}
        value={value}
        onChange={() => undefined}
        problems={[]}
        pages={[]}
        formIds={['contact']}
        uploadImage={uploadImage}
      />
    </CacheProvider>,
  );
  const input = document.getElementById(`${fieldId(FILE, ['image'])}-file`) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array(8)], 'photo.jpg', { type: 'image/jpeg' })] } });
}

const place = (schema: Schema<unknown>) => (schema.meta.kind === 'object' ? schema.meta.shape.image?.meta : undefined);

it('the first picture of a text-and-picture section just added is made for its place, in its own shape', async () => {
  const schema = sectionSchemas.split;
  const { asked, uploadImage } = uploads();
  uploadInto(schema, emptyValue(schema, { formIds: ['contact'] }), uploadImage);
  const width = (place(schema) as { place?: number } | undefined)?.place;
  expect(width).toBeGreaterThan(100);
  await waitFor(() => expect(asked).toEqual([{ width }]));
});

it('a picture that replaces one keeps the size and shape the page has now', async () => {
  const schema = sectionSchemas.split;
  const { asked, uploadImage } = uploads();
  const value = { ...(emptyValue(schema, { formIds: ['contact'] }) as object), image: { src: '/images/web.svg', alt: 'A web page', width: 560, height: 420 } };
  uploadInto(schema, value, uploadImage);
  await waitFor(() => expect(asked).toEqual([{ width: 560, height: 420 }]));
});

it("every picture a section draws, at any depth (a card's), says how wide its place is, or the one size it is drawn at", () => {
  const pictures = (schema: Schema<unknown>, at: string): { at: string; sized: boolean }[] => {
    const meta = schema.meta;
    if (meta.kind === 'image') return [{ at, sized: meta.draw !== undefined || (meta.place ?? 0) > 0 }];
    if (meta.kind === 'object') return Object.entries(meta.shape).flatMap(([key, child]) => pictures(child, `${at}.${key}`));
    if (meta.kind === 'list') return pictures(meta.item, `${at}[]`);
    return [];
  };
  const found = Object.entries(sectionSchemas).flatMap(([type, schema]) => pictures(schema, type));
  expect(found.map((p) => p.at)).toEqual(expect.arrayContaining(['split.image', 'cards.cards[].image']));
  expect(found.filter((p) => !p.sized)).toEqual([]);
});
