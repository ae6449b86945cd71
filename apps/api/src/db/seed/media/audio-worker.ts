// A worker thread that renders demo set audio (renderSetAudio) on request, so a first start encodes
// sets on every core: LAME in JavaScript is the seed's main cost and one thread would use one core.
import { parentPort } from 'node:worker_threads';
import { type RenderSetAudioOptions, renderSetAudio } from './audio';

export interface AudioJobMessage {
  id: number;
  opts: RenderSetAudioOptions;
}

export type AudioJobReply =
  | { id: number; ok: true; bytes: number; durationMs: number }
  | { id: number; ok: false; error: string };

parentPort?.on('message', (message: AudioJobMessage) => {
  renderSetAudio(message.opts).then(
    (result) => parentPort?.postMessage({ id: message.id, ok: true, ...result } satisfies AudioJobReply),
    (error: unknown) =>
      parentPort?.postMessage({ id: message.id, ok: false, error: String(error) } satisfies AudioJobReply),
  );
});
