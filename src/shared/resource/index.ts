export * from './derive.ts';
export * from './registry.ts';
export * from './report.ts';
export * from './template.ts';
export * from './types.ts';
export * from './validate.ts';
export * from './wire.ts';
export * from './workflow.ts';
