// The one call the maintenance dialog makes: POST /api/maintain {device: 1} (spec §7), through the shared client.
import { api } from '@/lib/http';
import { toMaintenanceRecord } from './maintenance-state';
import type { MaintenanceRecord } from '@/lib/validation/maintain';

/** The current maintenance record, null when none; throws when the call fails or a newer poll replaced this one. */
export async function fetchMaintenance(signal?: AbortSignal): Promise<MaintenanceRecord | null> {
  const data = await api.post('/api/maintain', { device: 1 });
  // The shared client cannot cancel a request; a superseded poll's answer is dropped instead.
  if (signal?.aborted) throw new DOMException('The poll was superseded', 'AbortError');
  return toMaintenanceRecord(data);
}
