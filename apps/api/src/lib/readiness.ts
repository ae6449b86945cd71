// Whether this process is ready for visitors. A starting server listens at once but answers its
// health check 503 ("starting") until its start-up work (the first screen's warm-up, the job engine)
// is done, so a load balancer, a deploy script or a test sends the first visitor only to a process that
// answers as fast as it will on the second visit (docs/operations.md, readiness).

export interface Readiness {
  readonly ready: boolean;
  markReady(): void;
}

/** A process that starts not ready; main.ts marks it ready once its start-up work is done. */
export function startingReadiness(): Readiness {
  let ready = false;
  return {
    get ready() {
      return ready;
    },
    markReady() {
      ready = true;
    },
  };
}

/** An app built for tests or commands has no start-up phase: it is ready from the beginning. */
export const alwaysReady: Readiness = { ready: true, markReady() {} };
