import { GET } from '@/app/api/health/route';

describe('GET /api/health', () => {
  it('reports the database and the bus as ok', async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe(0);
    expect(body.data).toMatchObject({ db: 'ok', bus: 'ok' });
    expect(typeof body.data.media).toBe('string');
  });
});
