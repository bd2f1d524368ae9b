// Spec §7/§9 response obfuscation: `data` encrypted with a fixed key that ships in the browser bundle,
// so it only keeps casual scrapers from reading replies. It is obfuscation, not security.
// Format: base64(iv ‖ AES-GCM ciphertext of the JSON) + "." + the millisecond timestamp,
// which is bound in as additional data so a suffix cannot be swapped.

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function importKey(keyBase64: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64(keyBase64), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function obfuscate(data: unknown, keyBase64: string, now = Date.now()): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const timestamp = String(now);
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(timestamp) },
    await importKey(keyBase64),
    new TextEncoder().encode(JSON.stringify(data ?? null)),
  );
  const payload = new Uint8Array(iv.length + cipher.byteLength);
  payload.set(iv);
  payload.set(new Uint8Array(cipher), iv.length);
  return `${toBase64(payload)}.${timestamp}`;
}

export async function deobfuscate(text: string, keyBase64: string): Promise<unknown> {
  const dot = text.lastIndexOf('.');
  if (dot < 0) throw new Error('obfuscated data has no timestamp suffix');
  const payload = fromBase64(text.slice(0, dot));
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: payload.slice(0, 12), additionalData: new TextEncoder().encode(text.slice(dot + 1)) },
    await importKey(keyBase64),
    payload.slice(12),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}
