import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { LocalTime, TimeZoneName } from '@/components/shell/local-time';
import { defaultTimeZone, timeZoneName, validTimeZone } from '@/lib/format/time-zone';

describe('time zones', () => {
  it('accepts zones Intl knows and nothing else (the cookie is the visitor’s to write)', () => {
    expect(validTimeZone('Europe/London')).toBe('Europe/London');
    expect(validTimeZone('America/New_York')).toBe('America/New_York');
    expect(validTimeZone('Mars/Olympus')).toBeUndefined();
    expect(validTimeZone('"><script>')).toBeUndefined();
    expect(validTimeZone('')).toBeUndefined();
  });

  it('names the zone as readers know it', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(timeZoneName('zh-CN', defaultTimeZone('zh-CN'), winter)).toBe('北京时间');
    expect(timeZoneName('en-US', defaultTimeZone('en-US'), winter)).toBe('UTC');
    expect(timeZoneName('en-US', 'Europe/Berlin', winter)).toBe('GMT+1');
    expect(timeZoneName('en-US', 'America/New_York', winter)).toBe('GMT-5');
  });

  it('renders the server’s zone, then the device’s after hydration, in the same format', () => {
    const iso = '2022-11-29T15:00:00Z';
    // The server (no device): the zone it was given.
    const html = renderToString(<LocalTime iso={iso} locale="en-US" format="time" zone="UTC" />);
    expect(html).toContain('15:00');
    // The browser (jsdom runs in the process's zone): its own.
    const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const expected = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: deviceZone }).format(new Date(iso));
    render(
      <p>
        <LocalTime iso={iso} locale="en-US" format="time" zone="UTC" /> <TimeZoneName locale="en-US" zone="UTC" />
      </p>,
    );
    expect(screen.getByText(expected)).toHaveAttribute('dateTime', iso);
    expect(screen.getByText(timeZoneName('en-US', deviceZone))).toBeTruthy();
  });
});
