import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { imagePageSize, imageToPdf, rotatePdf } from './pdf-editor-bytes.ts';

/** A 1×1 pixel PNG. */
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('pictures become PDFs', () => {
  it('makes a one-page PDF the picture fills, fitted into A4', async () => {
    const pdf = await PDFDocument.load(await imageToPdf(PNG_1X1));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo(595);
    expect(height).toBeCloseTo(595);
  });

  it('fits a landscape picture into A4 lying down', () => {
    const size = imagePageSize(2000, 1000);
    expect(size.width).toBeCloseTo(842);
    expect(size.height).toBeCloseTo(421);
  });

  it('keeps a portrait picture portrait', () => {
    const size = imagePageSize(1000, 2000);
    expect(size.height).toBeCloseTo(842);
    expect(size.width).toBeCloseTo(421);
  });
});

describe('rotation is written into the saved copy', () => {
  it('adds the turn to each page, on top of its own rotation', async () => {
    const original = await PDFDocument.create();
    original.addPage([200, 100]);
    const turned = original.addPage([200, 100]);
    turned.setRotation(degrees(90));
    const bytes = await original.save();

    const rotated = await PDFDocument.load(await rotatePdf(bytes, 270));
    expect(rotated.getPages().map((page) => page.getRotation().angle)).toEqual([270, 0]);
  });

  it('leaves the bytes alone without a turn', async () => {
    const bytes = await (await PDFDocument.create()).save();
    expect(await rotatePdf(bytes, 0)).toBe(bytes);
  });
});
