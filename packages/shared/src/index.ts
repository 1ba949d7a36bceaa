export * from './consent.ts';
export * from './desk.ts';
export * from './lead.ts';
export * from './lead-source.ts';
export * from './messages.ts';
export * from './mobile.ts';
export * from './plot-ranges.ts';
export * from './text.ts';
