/** @jest-environment node */
// The ingest clock (issue 27, docs/video-sync.md): each AVC frame gets an SEI saying when it reached the server,
// placed before its first slice, readable back the way the players read it; other packets pass untouched.
import { IngestClock, clockSeiNal, stampIngestClock, withClockSei, type MediaPacket } from '@/lib/server/media/ingest-clock';
import { clockOfNalUnits } from '@/tests/support/flv-clock';

const nal = (type: number, size: number) => Buffer.concat([Buffer.from([type]), Buffer.alloc(size - 1, 0x11)]);
const lengthPrefixed = (units: Buffer[]) =>
  Buffer.concat(
    units.flatMap((unit) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(unit.length);
      return [length, unit];
    }),
  );
/** An FLV video tag body: key frame + AVC (0x17), NALU packet (1), composition time 0, then the units. */
const avcFrame = (units: Buffer[], first = 0x17) => Buffer.concat([Buffer.from([first, 1, 0, 0, 0]), lengthPrefixed(units)]);
const nalTypes = (body: Buffer) => {
  const types: number[] = [];
  for (let at = 5; at + 4 <= body.length; at += 4 + body.readUInt32BE(at)) types.push(body[at + 4] & 0x1f);
  return types;
};

describe('the clock SEI', () => {
  it('goes before the first slice, after the parameter sets, and reads back as the same instant', () => {
    const frame = avcFrame([nal(9, 2), nal(7, 12), nal(8, 4), nal(5, 300)]);
    const stamped = withClockSei(frame, 4, 1_795_000_000_123)!;
    expect(nalTypes(stamped)).toEqual([9, 7, 8, 6, 5]);
    expect(clockOfNalUnits(stamped)).toBe(1_795_000_000_123);
    expect(clockOfNalUnits(frame)).toBeNull();
  });

  it('has no zero byte, so no emulation prevention is needed', () => {
    expect(clockSeiNal(1_800_000_000_000).includes(0)).toBe(false);
  });

  it('leaves alone what is not an AVC frame: sequence headers, HEVC, enhanced RTMP, truncated bodies', () => {
    const slice = [nal(1, 50)];
    expect(withClockSei(Buffer.concat([Buffer.from([0x17, 0, 0, 0, 0]), lengthPrefixed(slice)]), 4, 1)).toBeNull();
    expect(withClockSei(avcFrame(slice, 0x1c), 4, 1)).toBeNull();
    expect(withClockSei(avcFrame(slice, 0x90), 4, 1)).toBeNull();
    expect(withClockSei(avcFrame(slice).subarray(0, 20), 4, 1)).toBeNull();
  });
});

describe('the ingest clock', () => {
  it('takes the smallest delay seen, so jitter never moves a frame later', () => {
    const clock = new IngestClock(10_000);
    clock.observe(0, 1_000_050);
    clock.observe(40, 1_000_060);
    clock.observe(80, 1_000_300);
    expect(clock.wallAt(120)).toBe(1_000_140);
  });

  it('follows an encoder whose clock drifts: an old minimum is forgotten after two windows', () => {
    const clock = new IngestClock(1000);
    clock.observe(0, 10_000);
    for (let t = 0; t <= 3000; t += 100) clock.observe(t, 10_500 + t);
    expect(clock.wallAt(3000)).toBe(13_500);
  });

  it('stamps the frames a publisher sends, with their new size, and passes the rest on as they came', () => {
    const delivered: MediaPacket[] = [];
    const wallNow = { value: 1_795_000_000_000 };
    const onPacket = stampIngestClock((packet) => delivered.push(packet), () => wallNow.value);
    const header = Buffer.from([0x17, 0, 0, 0, 0, 1, 0x64, 0, 0x1f, 0xff, 0xe1]);
    onPacket({ codec_type: 9, flags: 2, dts: 0, size: header.length, data: header });
    const audio = Buffer.from([0xaf, 1, 1, 2, 3]);
    onPacket({ codec_type: 8, flags: 1, dts: 0, size: audio.length, data: audio });
    wallNow.value += 33;
    const frame = avcFrame([nal(1, 40)], 0x27);
    // node-media-server's parser hands over its whole buffer, larger than the message.
    onPacket({ codec_type: 9, flags: 4, dts: 33, size: frame.length, data: Buffer.concat([frame, Buffer.alloc(1024, 0x65)]) });
    expect(delivered[0].data).toBe(header);
    expect(delivered[1].data).toBe(audio);
    expect(delivered[2].size).toBe(delivered[2].data.length);
    expect(delivered[2].size).toBe(frame.length + 4 + clockSeiNal(1_795_000_000_033).length);
    expect(clockOfNalUnits(delivered[2].data)).toBe(1_795_000_000_033);
  });
});
