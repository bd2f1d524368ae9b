// Where uploaded covers live: one small interface, local disk by default, Alibaba Cloud OSS in production.
import type { UploadCredentials } from '@/lib/validation/live';

export interface ObjectStorage {
  readonly kind: 'local' | 'oss';
  /** Stores bytes under `key` (e.g. covers/…webp) and returns the path of `key` relative to img_upload_url. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Where the browser loads a stored key from. */
  publicUrl(key: string): string;
  /** Temporary credentials for a direct browser upload; undefined when the store takes none. */
  uploadCredentials(userId: number): Promise<UploadCredentials | undefined>;
  /**
   * The stored form of a cover URL the client sends back for `ownerId` (a path we returned, with or without
   * img_upload_url, or the owner's direct upload, which goes through `check` first), or undefined when it does
   * not point at a usable object of this store.
   */
  resolveCoverUrl(url: string, ownerId: number, check: (file: File) => Promise<CheckedCover>): Promise<string | undefined>;
}

/** A picture checked and re-encoded by the server, with the key it is stored under. */
export type CheckedCover = { key: string; bytes: Buffer; contentType: string };
