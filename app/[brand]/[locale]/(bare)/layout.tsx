// Pages shown without the global header (spec §2.1: privacy, protocol), e.g. inside the mobile app.
import type { ReactNode } from 'react';

export default function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="bare-main">
      {children}
    </main>
  );
}
