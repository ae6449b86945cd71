// The one allowed re-export point (conventions): Drizzle and drizzle-kit read the whole schema here.

export * from './accounts';
export * from './artists';
export * from './catalogue-counts';
export * from './catalogue-relations';
export * from './comments';
export * from './featured';
export * from './festivals';
export * from './fingerprints';
export * from './genres';
export * from './identifications';
export * from './jobs';
export * from './labels';
export * from './library';
export * from './notifications';
export * from './player';
export * from './publish';
export * from './search';
export * from './sets';
export * from './tracks';
export * from './users';
export * from './venues';
