// API instances for the identifications benchmark: each a child process (its own event loop and
// memory, read from /proc), and for two instances Debian's nginx in front of them, configured as
// scripts/two-instances.sh does (round robin, no buffering of the event streams).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

export interface BenchInstances {
  /** Where clients send requests: nginx for two instances, else the one instance. */
  base: string;
  servers: ChildProcess[];
  rssKb(index: number): number;
  stop(): void;
}

export async function startInstances(options: {
  ports: number[];
  nginxPort: number;
  env: NodeJS.ProcessEnv;
  stateDir: string;
}): Promise<BenchInstances> {
  const servers: ChildProcess[] = [];
  for (const port of options.ports) {
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      env: { ...options.env, PORT: String(port), DATA_DIR: `${options.stateDir}/data-${port}` },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    servers.push(server);
    await healthy(`http://127.0.0.1:${port}`);
  }
  let nginxConf: string | undefined;
  if (options.ports.length > 1) {
    const dir = `${options.stateDir}/nginx`;
    mkdirSync(dir, { recursive: true });
    nginxConf = `${dir}/nginx.conf`;
    writeFileSync(nginxConf, nginxConfig(dir, options.nginxPort, options.ports));
    execFileSync('nginx', ['-p', dir, '-c', nginxConf]);
  }
  const base = `http://127.0.0.1:${nginxConf ? options.nginxPort : options.ports[0]}`;
  await healthy(base);
  return {
    base,
    servers,
    rssKb: (index) =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${servers[index]?.pid}/status`, 'utf8'))?.[1] ?? 0),
    stop() {
      if (nginxConf)
        execFileSync('nginx', ['-p', `${options.stateDir}/nginx`, '-c', nginxConf, '-s', 'quit']);
      for (const server of servers) server.kill('SIGTERM');
    },
  };
}

async function healthy(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} did not become healthy`);
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream cratedig {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://cratedig;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}
