// A tiny BMP writer for the upload tests (sharp writes no BMP).
/** A BITMAPINFOHEADER image, bottom-up, from rows of [r, g, b], as 24-bit or 8-bit palette pixels. */
export function encodeBmp(rows: [number, number, number][][], bpp: 24 | 8 = 24): Buffer {
  const height = rows.length;
  const width = rows[0].length;
  const palette = bpp === 8 ? [...new Set(rows.flat().map((pixel) => pixel.join(',')))] : [];
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  const offset = 54 + palette.length * 4;
  const bytes = Buffer.alloc(offset + stride * height);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(offset, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(bpp, 28);
  bytes.writeUInt32LE(palette.length, 46);
  palette.forEach((entry, index) => {
    const [r, g, b] = entry.split(',').map(Number);
    bytes.set([b, g, r, 0], 54 + index * 4);
  });
  rows.forEach((row, y) => {
    const at = offset + (height - 1 - y) * stride;
    row.forEach(([r, g, b], x) => {
      if (bpp === 24) bytes.set([b, g, r], at + x * 3);
      else bytes[at + x] = palette.indexOf(`${r},${g},${b}`);
    });
  });
  return bytes;
}
