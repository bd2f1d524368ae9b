import { maintenanceView, parseClosedAt, reminderSnoozeMs, toMaintenanceRecord } from '@/components/maintenance/maintenance-state';
import type { MaintenanceRecord } from '@/lib/validation/maintain';

const hour = 3_600_000;
const start = 1_800_000_000; // seconds
const record: MaintenanceRecord = {
  title: 'Upgrade',
  content: 'We are upgrading the servers.',
  start_time: start,
  end_time: start + 7200,
  remind_time: start - 86_400,
};
const at = (seconds: number) => seconds * 1000;

describe('maintenanceView', () => {
  it('shows nothing without a record', () => {
    expect(maintenanceView(null, at(start), null)).toBe('hidden');
  });

  it('shows nothing before the reminder time', () => {
    expect(maintenanceView(record, at(record.remind_time - 1), null)).toBe('hidden');
    expect(maintenanceView(record, at(record.remind_time), null)).toBe('hidden');
  });

  it('reminds between the reminder time and the start', () => {
    expect(maintenanceView(record, at(record.remind_time + 1), null)).toBe('reminder');
    expect(maintenanceView(record, at(start - 1), null)).toBe('reminder');
  });

  it('never reminds when remind_time is 0', () => {
    expect(maintenanceView({ ...record, remind_time: 0 }, at(start - 60), null)).toBe('hidden');
  });

  it('keeps a closed reminder away for 6 hours, then shows it again', () => {
    const now = at(start - 10 * 3600);
    expect(maintenanceView(record, now, now - hour)).toBe('hidden');
    expect(maintenanceView(record, now, now - reminderSnoozeMs + 1)).toBe('hidden');
    expect(maintenanceView(record, now, now - reminderSnoozeMs)).toBe('reminder');
  });

  it('shows the blocking notice inside the window, even if the reminder was just closed', () => {
    expect(maintenanceView(record, at(start), null)).toBe('ongoing');
    expect(maintenanceView(record, at(start + 3600), at(start + 3599))).toBe('ongoing');
    expect(maintenanceView({ ...record, remind_time: 0 }, at(start + 1), null)).toBe('ongoing');
  });

  it('shows nothing once the window has ended', () => {
    expect(maintenanceView(record, at(record.end_time), null)).toBe('hidden');
    expect(maintenanceView(record, at(record.end_time + 60), null)).toBe('hidden');
  });
});

describe('parseClosedAt', () => {
  it('reads a stored time and treats anything else as never closed', () => {
    expect(parseClosedAt('1700000000000')).toBe(1_700_000_000_000);
    expect(parseClosedAt(null)).toBeNull();
    expect(parseClosedAt('')).toBeNull();
    expect(parseClosedAt('yesterday')).toBeNull();
  });
});

describe('toMaintenanceRecord', () => {
  it('accepts the API record and refuses anything malformed', () => {
    expect(toMaintenanceRecord(record)).toEqual(record);
    expect(toMaintenanceRecord(null)).toBeNull();
    expect(toMaintenanceRecord({ ...record, start_time: '1800000000' })).toBeNull();
    expect(toMaintenanceRecord({ ...record, title: undefined })).toBeNull();
  });
});
