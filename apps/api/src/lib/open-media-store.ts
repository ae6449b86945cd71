// The media store the settings name (docs/media-storage.md): the folder, or the bucket, whose SDK is
// loaded only then.
import type { AppConfig } from '../config';
import { FolderMediaStore, type MediaStore } from './media-store';

/** The store the settings name: the folder, or the bucket (its SDK loaded only then). */
export async function openMediaStore(
  config: Pick<AppConfig, 'mediaDir' | 'mediaStore'>,
): Promise<MediaStore> {
  if (config.mediaStore.kind === 'folder') return new FolderMediaStore(config.mediaDir);
  const { S3MediaStore } = await import('./media-store-s3');
  return new S3MediaStore(config.mediaStore.s3);
}
