// A user's round avatar; without a picture, the first letter of the nickname on the brand colour.
import styles from './user-avatar.module.css';

export function UserAvatar({ src, name, size }: { src: string; name: string; size: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src) return <img className={styles.avatar} src={src} alt="" width={size} height={size} style={style} />;
  return (
    <span className={styles.avatar} style={style} aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
