'use client';
// Ending the anchor's live from the studio or live management: the toast, the anchor's status and room read again,
// then the ended live's summary. `onFailed` puts the asking back (the live goes on).
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import { liveSummaryPath } from '@/lib/routes';
import { useToast } from '@/stores/toast-store';
import { userQueryKeys } from '@/components/user/user-api';
import { anchorQueryKeys, endLive } from './anchor-api';

export function useEndLive(onFailed: () => void): { ending: boolean; end: () => Promise<void> } {
  const t = useTranslations('anchor.management');
  const router = useRouter();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [ending, setEnding] = useState(false);

  async function end() {
    setEnding(true);
    try {
      const { live_id: liveId } = await endLive();
      showToast(t('ended'), 'success');
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.anchorStatus });
      void queryClient.invalidateQueries({ queryKey: anchorQueryKeys.rooms });
      router.push(liveSummaryPath(liveId));
    } catch (error) {
      showToast(errorText(error, t('endFailed')), 'error');
      setEnding(false);
      onFailed();
    }
  }

  return { ending, end };
}
