// A WebSocket text frame (RFC 6455 §5.2) built once: FIN + opcode 1, unmasked (server to client), the length in
// 1, 2 or 8 bytes, then the UTF-8 payload, in one buffer. A broadcast writes these same bytes to every socket.
export function encodeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength, 'utf8');
  return frame;
}
