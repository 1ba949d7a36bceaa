export { BrochureModalProvider } from './brochure-modal-provider.tsx';
export { useBrochureModal, type BrochureVariant } from './brochure-modal-context.ts';
export { LeadForm, type LeadFormProps } from './lead-form.tsx';
