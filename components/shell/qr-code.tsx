'use client';
// A QR code whose generator loads only when a panel first shows it; the box keeps its size meanwhile.
import dynamic from 'next/dynamic';
import styles from './qr-code.module.css';

const QRCodeSVG = dynamic(() => import('qrcode.react').then((module) => module.QRCodeSVG), { ssr: false });

export function QrCode({ value, size = 128, label }: { value: string; size?: number; label: string }) {
  return (
    <div className={styles.box} style={{ width: size + 16, height: size + 16 }} role="img" aria-label={label}>
      <QRCodeSVG value={value} size={size} marginSize={0} bgColor="#ffffff" fgColor="#0b0f17" level="M" />
    </div>
  );
}
