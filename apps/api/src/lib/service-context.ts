// The service context moved to plugins/service-context.ts (docs/architecture.md): it is built from a
// request, with the app's database, so it sits above the database layer. This file only passes it on
// to the bench scripts that still import it from here; the API itself never imports this file, and
// the lint's rule for lib/ leaves out this one file until bench/ imports plugins/service-context.
export { type ServiceContext, serviceContext, type UserContext } from '../plugins/service-context';
