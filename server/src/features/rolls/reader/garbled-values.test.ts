import { describe, expect, it } from 'vitest';
import { garbledValues, runLines } from './garbled-values';
import { stackGray } from './gray-image';
import type { TextRun } from './pdf-pages';

// A box of a Marathi ward list as its garbled text layer gives it (made-up names, the layout of
// the real State Election Commission lists): labels, colons in a taller font, values.
const run = (text: string, x: number, y: number, width = 20, height = 7.3): TextRun => ({ text, x, y, width, height });
const colon = (x: number, y: number): TextRun => run(':', x, y - 1.5, 3, 10.8);
const BOX = { x: 10, y: 80, width: 180, height: 70 };

function wardListBox(options: { house?: string; genderRun?: string; wrappedName?: boolean; mark?: boolean; relationRun?: string } = {}): TextRun[] {
  const runs = [
    run('1,407', 18, 83, 22, 9.8),
    run('ABC1234566', 83, 82.8, 46, 9),
    run('10/128/210', 137, 82.8, 43, 9),
    run('मतदभरभचर', 16.6, 98.3, 27.5),
    run('पपरर', 46, 98.3, 10),
    colon(56.4, 98.3),
    run('कखग', 59.5, 98.5, 22),
    run('नभअश', 16.6, 108.2, 11),
    run(options.relationRun ?? 'शतडलभअचर', 16, 117.7, 25),
    run('नभश', 43, 117.7, 11),
    colon(56.1, 117.7),
    run('कखग', 59.9, 117.7, 22),
    run('घर', 16.4, 129.3, 9),
    run('कमभअक', 27.4, 129.3, 19),
    run(': ', 50.4, 126.8, 5.7, 10.8),
    run(options.house ?? '2 A', 69.9, 129.8, 11),
    run('शय', 16, 140),
    run(':', 28, 140, 3),
    run('39', 32.4, 140, 8),
    run('ललग', 69, 140, 15),
    run(':', 86, 140, 3),
    run(options.genderRun ?? 'पस', 90.4, 139.7, 4),
  ];
  if (options.wrappedName) runs.push(run('घङच', 60, 108.4, 20));
  if (options.mark) runs.push(run('**', 140, 110, 20, 31.4));
  return runs;
}

describe('values of a garbled Devanagari text layer', () => {
  it('should group runs into printed lines when the colons come in a taller font', () => {
    const lines = runLines(wardListBox());
    expect(lines).toHaveLength(6);
    expect(lines[1]!.map((r) => r.text)).toEqual(['मतदभरभचर', 'पपरर', ':', 'कखग']);
  });

  it("should cut out the name and the relative's name after their colons, and give a known relation label as printed, when the box has its four labelled lines", () => {
    const values = garbledValues(wardListBox(), BOX, 150)!;
    expect(values.segments.map((segment) => segment.field)).toEqual(['name', 'relative']);
    const [name, relative] = values.segments;
    expect(name!.rect.x).toBeCloseTo(59.4, 1);
    expect(name!.rect.width).toBeCloseTo(150 - 3 - 59.4 - 1, 1);
    // The line's height is its text's (7.3 points and room for vowel signs), not the colon's.
    expect(name!.rect.height).toBeGreaterThan(7.3 + 4 - 0.1);
    expect(name!.rect.height).toBeLessThan(10.8 + 1.5);
    expect(relative!.rect.x).toBeCloseTo(59.1, 1);
    expect(values.relativeLabel).toBe('वडिलांचे नाव');
    expect(garbledValues(wardListBox({ relationRun: 'पतदचर' }), BOX, 150)?.relativeLabel).toBe('पतीचे नाव');
  });

  it('should leave a relation label it does not know to OCR, with its value: the whole line', () => {
    const values = garbledValues(wardListBox({ relationRun: 'आईचर' }), BOX, 150)!;
    expect(values.relativeLabel).toBeNull();
    expect(values.segments[1]).toMatchObject({ field: 'relative', rect: { x: BOX.x + 2 } });
  });

  it('should take the house number and the gender from the layer when they map right', () => {
    expect(garbledValues(wardListBox(), BOX, 150)).toMatchObject({ houseNo: '2 A', gender: 'पु' });
    expect(garbledValues(wardListBox({ genderRun: 'सद' }), BOX, 150)?.gender).toBe('स्त्री');
  });

  it('should leave the house number and the gender to OCR when the layer garbles them', () => {
    const values = garbledValues(wardListBox({ house: 'घर', genderRun: 'झ' }), BOX, 150)!;
    expect(values).toMatchObject({ houseNo: null, gender: null });
    expect(values.segments.map((segment) => segment.field)).toEqual(['name', 'relative', 'house', 'gender']);
  });

  it('should take a wrapped name line into the name but not the label word left of the colon', () => {
    const name = garbledValues(wardListBox({ wrappedName: true }), BOX, 150)!.segments[0]!;
    expect(name.rect.y + name.rect.height).toBeGreaterThan(108.4 + 7.3);
    expect(name.rect.y + name.rect.height).toBeLessThanOrEqual(117.7);
  });

  it('should stop the pieces left of the duplicate mark when a box carries one', () => {
    const relative = garbledValues(wardListBox({ mark: true }), BOX, 150)!.segments[1]!;
    expect(relative.rect.x + relative.rect.width).toBeLessThan(140);
  });

  it('should give up when a box does not have the four labelled lines', () => {
    expect(garbledValues(wardListBox().filter((r) => r.text !== ': '), BOX, 150)).toBeNull();
  });
});

describe('stacking image pieces', () => {
  it('should place each piece on white paper with a gap and say where it landed', () => {
    const piece = (width: number, height: number) => ({ width, height, data: new Uint8Array(width * height).fill(0) });
    const { image, spans } = stackGray([piece(4, 2), piece(6, 3)], 2);
    expect(image.width).toBe(6 + 4);
    expect(spans).toEqual([{ top: 2, bottom: 4 }, { top: 6, bottom: 9 }]);
    expect(image.height).toBe(11);
    expect(image.data[2 * image.width + 2]).toBe(0);
    expect(image.data[0]).toBe(255);
    expect(image.data[5 * image.width + 2]).toBe(255);
  });
});
