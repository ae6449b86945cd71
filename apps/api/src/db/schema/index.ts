// The one allowed re-export point (conventions): Drizzle and drizzle-kit read the whole schema here.
export * from './artists';
export * from './catalogue-counts';
export * from './featured';
export * from './festivals';
export * from './genres';
export * from './labels';
export * from './sets';
export * from './tracks';
export * from './users';
export * from './venues';
export * from './accounts';
export * from './library';
