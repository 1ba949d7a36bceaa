export * from './forms.ts';
export * from './images.ts';
export * from './site.ts';
