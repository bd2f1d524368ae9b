'use client';
// The download page's QR code, drawn into the server HTML (no layout shift, readable without scripts).
import { QRCodeSVG } from 'qrcode.react';

export function DownloadQr({ value, label }: { value: string; label: string }) {
  return <QRCodeSVG value={value} size={184} marginSize={2} bgColor="#ffffff" fgColor="#0b0f17" level="M" role="img" aria-label={label} title={label} />;
}
