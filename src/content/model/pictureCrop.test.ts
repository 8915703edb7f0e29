import { cropBox, cutOf, focusPart } from './pictureCrop';

describe('cropBox', () => {
  const photo = { width: 3000, height: 2000 };
  const cover = { width: 960, height: 540 };

  it('keeps the largest part in the shape, around the centre without a point', () => {
    expect(cropBox(photo, cover)).toEqual({ left: 0, top: 156, width: 3000, height: 1688 });
  });

  it('centres on the point chosen, as near as the edges allow', () => {
    expect(cropBox(photo, cover, { x: 0.5, y: 0 })).toEqual({ left: 0, top: 0, width: 3000, height: 1688 });
    expect(cropBox(photo, cover, { x: 0.5, y: 1 })).toEqual({ left: 0, top: 312, width: 3000, height: 1688 });
    expect(cropBox(photo, cover, { x: 0.5, y: 0.45 })).toEqual({ left: 0, top: 56, width: 3000, height: 1688 });
    // A tall picture for a square: the sides stay, top and bottom go; across, nothing to choose.
    expect(cropBox({ width: 1200, height: 1500 }, { width: 160, height: 160 }, { x: 0, y: 0.2 })).toEqual({ left: 0, top: 0, width: 1200, height: 1200 });
    expect(cropBox({ width: 1600, height: 900 }, { width: 1, height: 1 }, { x: 0.9, y: 0.5 })).toEqual({ left: 700, top: 0, width: 900, height: 900 });
  });

  it('says which way a picture is cut, none for a picture of that shape', () => {
    expect(cutOf(photo, cover)).toBe('height');
    expect(cutOf({ width: 1000, height: 1000 }, cover)).toBe('height');
    expect(cutOf({ width: 2000, height: 800 }, cover)).toBe('width');
    expect(cutOf({ width: 1920, height: 1080 }, cover)).toBeUndefined();
    expect(cutOf({ width: 1921, height: 1080 }, cover)).toBeUndefined();
  });

  it("reads a point's part from the query: 0 to 1, nothing else", () => {
    expect(['0', '1', '0.25', '1.0', '0.1234'].map(focusPart)).toEqual([0, 1, 0.25, 1, 0.1234]);
    expect(['', '2', '-0.1', '0.12345', '1.5', 'NaN', undefined].map(focusPart)).toEqual(Array(7).fill(undefined));
  });
});
