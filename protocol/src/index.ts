export * from './product';
export * from './roles';
export * from './common';
export * from './time';
export * from './auth';
export * from './schools';
export * from './events';
export * from './texts';
