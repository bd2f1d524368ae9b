'use client';
// The anchor page's way into the anchor's fan group (spec §2.4 item 10, §7 groupChat/getAnchorProfile and
// addToGroupChat): a visitor is asked to sign in; a viewer joins with one press and lands in the group chat; a member
// and the anchor open it.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { siteRoutes } from '@/lib/routes';
import type { AnchorGroupProfile, GroupInfo } from '@/lib/validation/fan-groups';
import { Button } from '@/components/ui/button';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import styles from './live.module.css';

const groupChatHref = (anchorId: number) => `${siteRoutes.privateChat}?group=${anchorId}`;

export function AnchorFanGroup({ anchorId }: { anchorId: number }) {
  const t = useTranslations('player.anchor');
  const router = useRouter();
  const toast = useToast();
  const openLogin = useSessionStore((state) => state.openLogin);
  const viewerId = useUserStore((state) => state.userInfo?.id ?? null);
  // Until the stored session is read, a press cannot know whether to sign in or join.
  const restored = useUserStore((state) => state.restored);
  const profile = useQuery({
    queryKey: ['fanGroups', 'profile', anchorId, viewerId],
    queryFn: () => api.post<AnchorGroupProfile>('/api/groupChat/getAnchorProfile', { anchorId }),
    enabled: viewerId !== null,
  });
  const join = useMutation({
    mutationFn: () => api.post<GroupInfo>('/api/groupChat/addToGroupChat', { group_id: anchorId }),
    onSuccess: () => router.push(groupChatHref(anchorId)),
    onError: (failure) => toast(errorText(failure, t('fanGroupFailed')), 'error'),
  });
  const member = profile.data?.is_attend === 1;
  if (member) {
    return (
      <Link className={styles.secondaryLink} href={groupChatHref(anchorId)} prefetch={false}>
        {t('openFanGroup')}
      </Link>
    );
  }
  return (
    <Button size="sm" variant="secondary" loading={join.isPending} disabled={!restored || (viewerId !== null && profile.isPending)} onClick={() => (viewerId === null ? openLogin() : join.mutate())}>
      {t('joinFanGroup')}
    </Button>
  );
}
