/**
 * PDF byte work pdf.js does not do: a picture becomes a one-page PDF before editing (so the marked copy
 * is always a PDF), and a rotation chosen in the editor is written into the saved copy's pages. pdf-lib
 * is only downloaded when one of these is needed.
 */

/** A4 in PDF points: a picture is scaled to fit it, so the editor's text and pen sizes suit the page. */
const PAGE_LONG_SIDE = 842;
const PAGE_SHORT_SIDE = 595;

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47];

/** Re-encodes a picture pdf-lib cannot embed (GIF, WebP, BMP) as PNG through the browser's decoder. */
async function toPng(bytes: Uint8Array): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart]));
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas to convert the picture');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the picture could not be converted');
  return new Uint8Array(await blob.arrayBuffer());
}

/** The size a picture's page gets: its proportions, fitted into A4 the way round that suits it. */
export function imagePageSize(width: number, height: number): { width: number; height: number } {
  const [boxWidth, boxHeight] =
    width > height ? [PAGE_LONG_SIDE, PAGE_SHORT_SIDE] : [PAGE_SHORT_SIDE, PAGE_LONG_SIDE];
  const scale = Math.min(boxWidth / width, boxHeight / height);
  return { width: width * scale, height: height * scale };
}

/** A one-page PDF showing the picture over the whole page. */
export async function imageToPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const image = startsWith(bytes, JPEG)
    ? await pdf.embedJpg(bytes)
    : await pdf.embedPng(startsWith(bytes, PNG) ? bytes : await toPng(bytes));
  const size = imagePageSize(image.width, image.height);
  const page = pdf.addPage([size.width, size.height]);
  page.drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
  return pdf.save();
}

/**
 * Turns every page of a saved PDF by a quarter-turn multiple, on top of its own /Rotate. Annotations live
 * in page space, so they turn with their page. Object streams stay off: readers and tests find each
 * annotation's dictionary as it is.
 */
export async function rotatePdf(bytes: Uint8Array, rotation: number): Promise<Uint8Array> {
  if (rotation % 360 === 0) return bytes;
  const { PDFDocument, degrees } = await import('pdf-lib');
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  for (const page of pdf.getPages()) {
    page.setRotation(degrees((((page.getRotation().angle + rotation) % 360) + 360) % 360));
  }
  return pdf.save({ useObjectStreams: false });
}
