// The job's landmark reader runs behind everything a listener does: a process in a session of its
// own at the lowest priority (Linux shares the CPU between sessions before nice counts), which goes
// when it is closed. A reader a listener waits on is a thread of the server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioUnreadable } from './decode';
import { LandmarkReader } from './reader';

/** Fields of /proc/<pid>/stat after the command's name: [state, ppid, pgrp, session, …]. */
function stat(pid: number): string[] {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}
const sessionOf = (pid: number) => Number(stat(pid)[3]);
const niceOf = (pid: number) => Number(stat(pid)[16]);
const alive = (pid: number) => {
  try {
    return stat(pid)[0] !== 'Z';
  } catch {
    return false;
  }
};

const readers: LandmarkReader[] = [];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
});

describe('the landmark reader', () => {
  it('reads for the job in a process of its own session at the lowest priority, gone once closed', async () => {
    const reader = new LandmarkReader();
    readers.push(reader);
    // a file that is not there is answered once the reader is up, with its priority lowered
    await expect(reader.read('/nonexistent/set.mp3')).rejects.toBeInstanceOf(AudioUnreadable);
    const pid = reader.pid;
    if (pid === undefined) throw new Error('the job reader has no process');
    expect(pid).not.toBe(process.pid);
    expect(sessionOf(pid)).not.toBe(sessionOf(process.pid));
    expect(niceOf(pid)).toBe(19);
    const autogroup = (() => {
      try {
        return readFileSync(`/proc/${pid}/autogroup`, 'utf8');
      } catch {
        return undefined; // a kernel without autogroups shares by nice alone
      }
    })();
    if (autogroup !== undefined) expect(autogroup).toMatch(/nice 19\b/);
    expect(reader.cpuMs).toBeGreaterThan(0);

    await reader.close();
    expect(alive(pid)).toBe(false);
    await expect(reader.read('/nonexistent/set.mp3')).rejects.toThrow(/stopped|gone/);
  });

  it('reads for a waiting listener on a thread at the server’s priority', async () => {
    const reader = new LandmarkReader({ background: false });
    readers.push(reader);
    await expect(reader.read('/nonexistent/set.mp3')).rejects.toBeInstanceOf(AudioUnreadable);
    expect(reader.pid).toBeUndefined();
    expect(reader.cpuMs).toBe(0);
  });

  // a command that asked heard-in once (naming an ID names its copies) must still end by itself: the
  // bench of DJ mixes, which does, never ended
  it('never keeps its process alive: a program that used its thread and never closed it ends', () => {
    const reader = pathToFileURL(fileURLToPath(new URL('./reader.ts', import.meta.url))).href;
    const dir = mkdtempSync(join(tmpdir(), 'reader-alive-'));
    const program = join(dir, 'program.mts');
    writeFileSync(
      program,
      `const { LandmarkReader } = await import(${JSON.stringify(reader)});
      const thread = new LandmarkReader({ background: false });
      // what a server or a command has open while it waits (here a timer), let go once answered
      const open = setInterval(() => {}, 1000);
      await thread.match({ peaks: [], landmarks: [] }, {}, { lookup: async () => [], peaks: async () => undefined });
      clearInterval(open);
      console.log('asked');`,
    );
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', program], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.stdout, run.stderr).toContain('asked');
      expect(run.signal).toBeNull();
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
