// One of bench/landmark-index.ts's generator processes: makes the base sets `from`..`to` (every
// `step`-th, starting at `from + offset`) and streams them into the landmark tables. Argument: a JSON object
// { url, from, to, step, offset, ids } where ids[i] is the set row of base set from + i.
import { loader } from './landmark-load';
import { baseSeed, setPeaks } from './landmark-music';

const job = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  from: number;
  to: number;
  step: number;
  offset: number;
  ids: number[];
};
const sink = loader(job.url);
let written = 0;
for (let n = job.from + job.offset; n < job.to; n += job.step) {
  const id = job.ids[n - job.from] as number;
  written += await sink.add(id, `/x/${id}`, setPeaks(baseSeed(n)).peaks);
  if (process.send) process.send({ set: n, written });
}
await sink.end();
if (process.send) process.send({ done: true, written });
