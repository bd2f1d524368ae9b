// A user's round avatar; without a picture, the first letter of the nickname on the brand colour.
import { classNames } from './class-names';
import styles from './avatar.module.css';

export function Avatar({ src, name, size, className }: { src: string; name: string; size: number; className?: string }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src) return <img className={classNames(styles.avatar, className)} src={src} alt="" width={size} height={size} style={style} />;
  return (
    <span className={classNames(styles.avatar, className)} style={style} aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
