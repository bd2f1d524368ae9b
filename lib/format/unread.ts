// Unread counters on badges (spec §9): '99+' above 99, nothing at all for 0.
export function formatUnreadCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
