// Where a cover goes (spec §7 {provider}_sts): straight into object storage under images/{filename}{ext} when the
// server hands out credentials, else to POST /api/user/file. The HTTP client and the OSS SDK are faked.
import { uploadCover } from '@/components/anchor/anchor-api';
import { ApiError, api } from '@/lib/http';

const put = jest.fn();
const created: Record<string, unknown>[] = [];
jest.mock('ali-oss', () => ({
  __esModule: true,
  default: class {
    constructor(options: Record<string, unknown>) {
      created.push(options);
    }
    put = put;
  },
}));

const post = jest.spyOn(api, 'post');
const cover = new File([new Uint8Array(64)], 'cover.png', { type: 'image/png' });

beforeEach(() => {
  post.mockReset();
  put.mockReset().mockResolvedValue({});
  created.length = 0;
});

it('sends the cover to the site when object storage is not configured', async () => {
  post.mockImplementation(async (path: string) => {
    if (path === '/api/oss_sts') throw new ApiError('Object storage is not configured', 'failure', 1, path);
    if (path === '/api/user/file') return ['covers/7-aa.webp'] as never;
    throw new Error(`unexpected call ${path}`);
  });
  await expect(uploadCover(cover)).resolves.toBe('covers/7-aa.webp');
  expect(put).not.toHaveBeenCalled();
});

it('puts the cover into the bucket with the temporary credentials and returns its key', async () => {
  post.mockImplementation(async (path: string) => {
    if (path !== '/api/oss_sts') throw new Error(`unexpected call ${path}`);
    return {
      Credentials: { AccessKeyId: 'STS.tmp', AccessKeySecret: 'tmp-secret', SecurityToken: 'token-1' },
      ExpiredTime: 1_900_000_000,
      bucket: 'sportcast-covers',
      region: 'oss-cn-hangzhou',
      filename: '7-0123abcd',
      url_prefix: 'https://img.example.com/',
    } as never;
  });
  await expect(uploadCover(cover)).resolves.toBe('images/7-0123abcd.png');
  expect(created[0]).toMatchObject({ region: 'oss-cn-hangzhou', bucket: 'sportcast-covers', accessKeyId: 'STS.tmp', stsToken: 'token-1' });
  expect(put).toHaveBeenCalledWith('images/7-0123abcd.png', cover, { headers: { 'Content-Type': 'image/png' } });
});

it('does not fall back to the site when the credentials call fails for another reason', async () => {
  post.mockRejectedValue(new ApiError('Network error', 'network', null, '/api/oss_sts'));
  await expect(uploadCover(cover)).rejects.toThrow('Network error');
});
