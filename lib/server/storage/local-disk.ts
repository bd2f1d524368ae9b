import 'server-only';
// Covers on local disk, beside avatars: DATA_DIR/uploads/<key>, served at /uploads/<key>.
import { resolveUpload, saveUpload } from '@/lib/server/uploads/files';
import type { ObjectStorage } from './object-storage';

const coverPath = /^(?:https?:\/\/[^/]+)?\/?(?:uploads\/)?(covers\/[A-Za-z0-9][A-Za-z0-9._-]{0,127})$/;

export function createLocalDiskStorage(): ObjectStorage {
  return {
    kind: 'local',
    async put(key, bytes) {
      const [folder, name] = key.split('/');
      await saveUpload(folder, name, bytes);
      return key;
    },
    publicUrl(key) {
      return `/uploads/${key}`;
    },
    async uploadCredentials() {
      return undefined;
    },
    async resolveCoverUrl(url) {
      const key = coverPath.exec(url.trim())?.[1];
      if (!key || !(await resolveUpload(key.split('/')))) return undefined;
      return `/uploads/${key}`;
    },
  };
}
