/**
 * A photo-like JPEG for the tests that upload pictures: smooth colour clouds with finer detail
 * over them, as a camera's picture compresses (a flat colour would make every size tiny and
 * instant), the same bytes each run for the same size and seed. Drawn here and encoded by sharp
 * (the site's own image library), so the tests need no image program on the machine.
 */
import sharp from 'sharp';

/** A small, fast generator of numbers in [0, 1), the same sequence for the same seed (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One layer of value noise, `cell` pixels between its random values, smoothed between them by sharp's cubic resize: width × height bytes. */
async function layer(width: number, height: number, cell: number, random: () => number): Promise<Uint8Array> {
  const columns = Math.ceil(width / cell) + 1;
  const rows = Math.ceil(height / cell) + 1;
  const grid = Buffer.from(Array.from({ length: columns * rows }, () => Math.floor(random() * 256)));
  const { data } = await sharp(grid, { raw: { width: columns, height: rows, channels: 1 } })
    .resize(columns * cell, rows * cell, { kernel: 'cubic' })
    .extract({ left: 0, top: 0, width, height })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

/** A width × height JPEG (quality 90) of colour clouds with detail, the same for the same arguments. */
export async function photoJpeg(width: number, height: number, seed = 45): Promise<Buffer> {
  const random = seeded(seed);
  const base = Math.round(Math.max(width, height) / 4);
  // Each colour its own clouds; the finer detail (down to a few pixels) shared by all three.
  const colours: Uint8Array[] = [];
  for (let c = 0; c < 3; c++) colours.push(await layer(width, height, base, random));
  const [coarse, fine, finest] = [
    await layer(width, height, Math.round(base / 4), random),
    await layer(width, height, Math.round(base / 16), random),
    await layer(width, height, 4, random),
  ] as const;
  const [red, green, blue] = colours as [Uint8Array, Uint8Array, Uint8Array];
  // A Uint8ClampedArray rounds and clamps each value to 0…255 (a Buffer would wrap it round).
  const pixels = new Uint8ClampedArray(width * height * 3);
  for (let i = 0, p = 0; i < width * height; i++) {
    const shade = (coarse[i]! - 128) * 0.35 + (fine[i]! - 128) * 0.18 + (finest[i]! - 128) * 0.09;
    pixels[p++] = red[i]! + shade;
    pixels[p++] = green[i]! + shade;
    pixels[p++] = blue[i]! + shade;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
