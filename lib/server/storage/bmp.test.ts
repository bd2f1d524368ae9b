import { encodeBmp } from '@/tests/api/live-bmp';
import { decodeBmp, isBmp } from './bmp';

const red: [number, number, number] = [255, 0, 0];
const blue: [number, number, number] = [0, 0, 255];
const green: [number, number, number] = [0, 200, 0];

describe('decodeBmp', () => {
  it('reads a 24-bit bottom-up image pixel for pixel', () => {
    const image = decodeBmp(encodeBmp([[red, blue, green], [green, red, blue]]));
    expect(image).toMatchObject({ width: 3, height: 2 });
    expect([...image!.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...image!.data.subarray(4, 8)]).toEqual([0, 0, 255, 255]);
    expect([...image!.data.subarray(12, 16)]).toEqual([0, 200, 0, 255]);
  });

  it('reads an 8-bit palette image', () => {
    const image = decodeBmp(encodeBmp([[blue, green], [red, red]], 8));
    expect([...image!.data.subarray(8, 12)]).toEqual([255, 0, 0, 255]);
    expect([...image!.data.subarray(4, 8)]).toEqual([0, 200, 0, 255]);
  });

  it('refuses what is not a readable BMP', () => {
    expect(isBmp(Buffer.from('GIF89a......................'))).toBe(false);
    const truncated = encodeBmp([[red, red], [red, red]]).subarray(0, 60);
    expect(decodeBmp(truncated)).toBeUndefined();
    const compressed = encodeBmp([[red]]);
    compressed.writeUInt32LE(1, 30);
    expect(decodeBmp(compressed)).toBeUndefined();
  });
});
