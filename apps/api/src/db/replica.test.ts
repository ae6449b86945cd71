// The replica's place in time and the positions it is judged by, without a server: WAL positions
// read and written as PostgreSQL shows them, the lag measured from the primary's polls, and which
// failures send a statement to the primary.
import { describe, expect, it } from 'vitest';
import { formatLsn, parseLsn, ReplicaReads, replicaFailure } from './replica';

describe('WAL positions', () => {
  it('reads and writes them as PostgreSQL shows them, and refuses anything else', () => {
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(formatLsn(parseLsn('16/B374D848') as bigint)).toBe('16/B374D848');
    expect(formatLsn(parseLsn('0/0') as bigint)).toBe('0/0');
    for (const bad of ['', '16', '16/', 'G/1', '1/2/3', '123456789/0', ' 1/2', null, undefined]) {
      expect(parseLsn(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('how far behind a replica is', () => {
  const at = 1_000_000;
  function scripted(primary: string[], replica: ({ recovery: boolean; lsn: string } | Error)[]) {
    return new ReplicaReads(
      async () => ({ rows: [{ lsn: primary.shift() }] }),
      async () => {
        const next = replica.shift();
        if (next instanceof Error) throw next;
        return { rows: [next] };
      },
      1000,
    );
  }

  it('is caught up to the newest poll whose position it has replayed, idle or not', async () => {
    const reads = scripted(
      ['0/100', '0/200', '0/200', '0/300'],
      [
        { recovery: true, lsn: '0/100' },
        { recovery: true, lsn: '0/100' },
        { recovery: true, lsn: '0/200' },
        { recovery: true, lsn: '0/200' },
      ],
    );
    await reads.poll(at);
    expect(reads.state(at).lagMs).toBe(0);
    await reads.poll(at + 500);
    // it has replayed 0/100 (the poll at `at`) but not 0/200
    expect(reads.state(at + 500).lagMs).toBe(500);
    expect(reads.usable(undefined, at + 500)).toBe(true);
    await reads.poll(at + 1000);
    expect(reads.state(at + 1000).lagMs).toBe(0);
    // the primary writes on; the replica stays at 0/200, replayed as of the poll at +1000
    await reads.poll(at + 2500);
    expect(reads.state(at + 2500).lagMs).toBe(1500);
    expect(reads.usable(undefined, at + 2500)).toBe(false);
  });

  it("answers a caller's reads only once it has replayed their write", async () => {
    const reads = scripted(['0/200'], [{ recovery: true, lsn: '0/200' }]);
    await reads.poll(at);
    expect(reads.usable(parseLsn('0/200'), at)).toBe(true);
    expect(reads.usable(parseLsn('0/201'), at)).toBe(false);
  });

  it('is skipped when it does not answer or is no longer in recovery', async () => {
    const reads = scripted(
      ['0/1', '0/1', '0/1'],
      [{ recovery: true, lsn: '0/1' }, new Error('connect ECONNREFUSED'), { recovery: false, lsn: '0/1' }],
    );
    await reads.poll(at);
    expect(reads.usable(undefined, at)).toBe(true);
    await reads.poll(at + 500);
    expect(reads.usable(undefined, at + 500)).toBe(false);
    await reads.poll(at + 1000);
    expect(reads.usable(undefined, at + 1000)).toBe(false);
  });

  it('sends a statement to the primary for a lost connection, a recovery conflict or a write, not for its own error', () => {
    expect(replicaFailure(new Error('Connection terminated unexpectedly'))).toBe('lost');
    for (const code of ['08006', '57P01', '57P03']) {
      expect(replicaFailure(Object.assign(new Error(code), { code })), code).toBe('lost');
    }
    for (const code of ['40001', '25006']) {
      expect(replicaFailure(Object.assign(new Error(code), { code })), code).toBe('statement');
    }
    for (const code of ['42P01', '22P02', '57014']) {
      expect(replicaFailure(Object.assign(new Error(code), { code })), code).toBeUndefined();
    }
  });
});
