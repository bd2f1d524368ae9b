// A small BMP decoder (sharp reads no BMP): uncompressed 1/4/8/24/32-bit and bit-field 16/32-bit images,
// bottom-up or top-down, to RGBA pixels. Compressed (RLE, embedded JPEG/PNG) BMPs are not read.
export type DecodedImage = { width: number; height: number; data: Buffer };

const maxPixels = 40_000_000;

export function isBmp(bytes: Buffer): boolean {
  return bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

function maskChannel(mask: number): (value: number) => number {
  if (mask === 0) return () => 255;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift += 1;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}

export function decodeBmp(bytes: Buffer): DecodedImage | undefined {
  if (!isBmp(bytes)) return undefined;
  const pixelOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  const core = headerSize === 12;
  if (!core && headerSize < 40) return undefined;
  if (bytes.length < 14 + headerSize) return undefined;
  const width = core ? bytes.readUInt16LE(18) : bytes.readInt32LE(18);
  const rawHeight = core ? bytes.readInt16LE(20) : bytes.readInt32LE(22);
  const bpp = core ? bytes.readUInt16LE(24) : bytes.readUInt16LE(28);
  const compression = core ? 0 : bytes.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height <= 0 || width * height > maxPixels) return undefined;
  // 0 = BI_RGB, 3 = BI_BITFIELDS (16 or 32 bits); anything else is compressed.
  if (compression !== 0 && !(compression === 3 && (bpp === 16 || bpp === 32))) return undefined;
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) return undefined;

  let palette: number[][] = [];
  if (bpp <= 8) {
    const entrySize = core ? 3 : 4;
    const used = core ? 0 : bytes.readUInt32LE(46);
    const count = used > 0 && used <= 1 << bpp ? used : 1 << bpp;
    const start = 14 + headerSize;
    if (start + count * entrySize > bytes.length) return undefined;
    palette = Array.from({ length: count }, (_, index) => {
      const at = start + index * entrySize;
      return [bytes[at + 2], bytes[at + 1], bytes[at]];
    });
  }
  let masks: [number, number, number, number] | undefined;
  if (compression === 3) {
    if (bytes.length < 66) return undefined;
    masks = [bytes.readUInt32LE(54), bytes.readUInt32LE(58), bytes.readUInt32LE(62), headerSize >= 56 && bytes.length >= 70 ? bytes.readUInt32LE(66) : 0];
  } else if (bpp === 16) {
    masks = [0x7c00, 0x03e0, 0x001f, 0];
  }
  const channels = masks?.map(maskChannel);

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (pixelOffset + stride * height > bytes.length) return undefined;
  const out = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const source = pixelOffset + (topDown ? row : height - 1 - row) * stride;
    for (let x = 0; x < width; x += 1) {
      let rgba: [number, number, number, number];
      if (bpp <= 8) {
        const bitIndex = x * bpp;
        const byte = bytes[source + (bitIndex >> 3)];
        const index = (byte >> (8 - bpp - (bitIndex & 7))) & ((1 << bpp) - 1);
        const color = palette[index] ?? [0, 0, 0];
        rgba = [color[0], color[1], color[2], 255];
      } else if (bpp === 24) {
        const at = source + x * 3;
        rgba = [bytes[at + 2], bytes[at + 1], bytes[at], 255];
      } else if (channels) {
        const value = bpp === 16 ? bytes.readUInt16LE(source + x * 2) : bytes.readUInt32LE(source + x * 4);
        rgba = [channels[0](value), channels[1](value), channels[2](value), masks?.[3] ? channels[3](value) : 255];
      } else {
        const at = source + x * 4;
        rgba = [bytes[at + 2], bytes[at + 1], bytes[at], 255];
      }
      out.set(rgba, (row * width + x) * 4);
    }
  }
  return { width, height, data: out };
}
