// The search benches' HTTP client: GET over kept-alive loopback connections with node:http, asking for
// a compressed answer as a browser does (Accept-Encoding: br, gzip) and reading it whole, without
// decompressing it (a listener's browser does that on their own machine). The load generator shares
// the two cores with the API and PostgreSQL, so what it spends is taken from them: with fetch (undici,
// which also decompressed every answer) the generator cost 1.2–1.4 ms of CPU per search, with this
// 0.4–0.5 ms (bench/README.md "Search").
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/**
 * A GET of `path` from `address` (http://host:port) with `headers`, answering the status once the body
 * is read.
 */
export function getterFor(
  address: string,
): (path: string, headers: Record<string, string>) => Promise<number> {
  const { hostname: host, port } = new URL(address);
  return (path, headers) =>
    new Promise((resolve, reject) => {
      const request = http.get(
        { agent, host, port, path, headers: { 'accept-encoding': 'br, gzip', ...headers } },
        (response) => {
          response.on('data', () => {});
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
}
