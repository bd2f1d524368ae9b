// The sandbox checkout renders a wallet island: it needs the wallet message namespaces.
import type { ReactNode } from 'react';
import { WalletIslandMessages } from '@/components/shell/live-island-messages';
import type { LocaleParams } from '@/components/shell/page-context';

export default function SandboxCheckoutLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return <WalletIslandMessages params={params}>{children}</WalletIslandMessages>;
}
