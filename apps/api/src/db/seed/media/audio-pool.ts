// Renders demo set audio on worker threads, one per core (at most 4), so the first start's encoding
// uses the whole machine. Falls back to the calling thread when a worker cannot start.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type RenderSetAudioOptions, renderSetAudio } from './audio';
import type { AudioJobMessage, AudioJobReply } from './audio-worker';

export interface AudioPool {
  render(opts: RenderSetAudioOptions): Promise<{ bytes: number; durationMs: number }>;
  close(): Promise<void>;
}

type Pending = { resolve: (r: { bytes: number; durationMs: number }) => void; reject: (e: Error) => void };

export function createAudioPool(size = Math.min(4, availableParallelism())): AudioPool {
  const entry = new URL('./audio-worker.ts', import.meta.url).href;
  const boot = new URL('./audio-worker-boot.mjs', import.meta.url);
  const pending = new Map<number, Pending>();
  const idle: Worker[] = [];
  const waiting: (() => void)[] = [];
  let broken = false;
  let nextId = 0;

  const workers = Array.from({ length: Math.max(1, size) }, () => {
    const worker = new Worker(boot, { workerData: { entry } });
    worker.on('message', (reply: AudioJobReply) => {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) job?.resolve({ bytes: reply.bytes, durationMs: reply.durationMs });
      else job?.reject(new Error(reply.error));
      idle.push(worker);
      waiting.shift()?.();
    });
    worker.on('error', (error) => {
      // A worker that cannot start (or dies): render in this thread from now on, failing no job.
      broken = true;
      for (const [id, job] of pending) {
        pending.delete(id);
        job.reject(error);
      }
      for (const wake of waiting.splice(0)) wake();
    });
    idle.push(worker);
    return worker;
  });

  const acquire = async (): Promise<Worker | undefined> => {
    while (!broken && idle.length === 0) await new Promise<void>((wake) => waiting.push(wake));
    return broken ? undefined : idle.pop();
  };

  return {
    async render(opts) {
      const worker = await acquire();
      if (!worker) return renderSetAudio(opts);
      const id = nextId++;
      const done = new Promise<{ bytes: number; durationMs: number }>((resolve, reject) =>
        pending.set(id, { resolve, reject }),
      );
      worker.postMessage({ id, opts } satisfies AudioJobMessage);
      return done.catch((error: unknown) => {
        if (broken) return renderSetAudio(opts);
        throw error;
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
